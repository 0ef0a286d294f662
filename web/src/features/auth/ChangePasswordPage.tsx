import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { FormProblems } from '@/components/FormField';
import { paths } from '@/config/paths';
import { session } from '@/lib/storage';
import { changePassword } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useNewPasswordForm } from './useNewPasswordForm';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useT } from '@/i18n/react';

export default function ChangePasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.changePasswordTitle'));
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const { password, confirm, passwordInput, confirmInput, problem, reasons, refused, saving, submit } = useNewPasswordForm({
    check: (newPassword, confirmation) => (!oldPassword || !newPassword || !confirmation ? 'auth.fillAllThreeFields' : null),
    send: async (newPassword) => {
      // The server ended every other session, ours included: keep the new tokens.
      const { access, refresh } = await changePassword({ old_password: oldPassword, new_password: newPassword });
      session.setTokens({ access, refresh });
      toast.success(t('auth.passwordChanged'));
      void navigate(paths.profile);
    },
  });

  const errorId = problem ? 'change-problem' : reasons.length > 0 ? 'change-reasons' : undefined;

  return (
    <AuthCard title={t('auth.changePasswordTitle')}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label={t('auth.changePasswordForm')}>
        <Field
          id="old-password"
          name="old_password"
          type="password"
          label={t('auth.oldPassword')}
          autoComplete="current-password"
          required
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          invalid={(problem !== null && !oldPassword) || refused.includes('old_password')}
          errorId={errorId}
        />
        <Field
          id="new-password"
          name="new_password"
          label={t('auth.newPassword')}
          invalid={(problem !== null && (!password || password !== confirm)) || refused.includes('new_password')}
          errorId={errorId}
          {...passwordInput}
        />
        <Field
          id="confirm-new-password"
          name="confirm_password"
          label={t('auth.confirmNewPassword')}
          invalid={problem !== null && (!confirm || password !== confirm)}
          errorId={errorId}
          {...confirmInput}
        />
        {problem && <FormError id="change-problem">{t(problem)}</FormError>}
        <FormProblems id="change-reasons" messages={reasons} />
        <SubmitButton busy={saving}>{t('auth.changePasswordButton')}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.profile} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          {t('auth.backToProfile')}
        </Link>
      </p>
    </AuthCard>
  );
}
