import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { FormProblems } from '@/components/FormField';
import { paths } from '@/config/paths';
import { confirmPasswordReset } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useNewPasswordForm } from './useNewPasswordForm';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useT } from '@/i18n/react';

// Opened from the reset email: /forget/password/create?uid=...&token=...
export default function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.resetPasswordTitle'));
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');

  if (!uid || !token) {
    return (
      <AuthCard title={t('auth.resetPasswordTitle')}>
        <FormError>{t('auth.invalidResetLink')}</FormError>
        <p className="mt-4 text-sm text-slate-700">{t('auth.incompleteResetLink')}</p>
        <Link to={paths.forgotPassword} className="btn-primary mt-6">
          {t('auth.requestNewLink')}
        </Link>
      </AuthCard>
    );
  }
  return <ResetPasswordForm uid={uid} token={token} />;
}

function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { passwordInput, confirmInput, problem, reasons, saving, submit } = useNewPasswordForm({
    send: async (newPassword) => {
      await confirmPasswordReset(uid, token, newPassword);
      toast.success(t('auth.passwordReset'));
      void navigate(paths.login);
    },
  });
  // The page checks nothing else: any problem is the mismatch.
  const mismatch = problem !== null;

  return (
    <AuthCard title={t('auth.resetPasswordTitle')}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label={t('auth.setNewPasswordForm')}>
        <Field
          id="new-password"
          name="password"
          label={t('auth.newPassword')}
          invalid={mismatch || reasons.length > 0}
          errorId="reset-problem"
          {...passwordInput}
        />
        <Field
          id="confirm-password"
          name="confirm"
          label={t('auth.confirmPassword')}
          invalid={mismatch}
          errorId="reset-problem"
          {...confirmInput}
        />
        {problem && <FormError id="reset-problem">{t(problem)}</FormError>}
        <FormProblems id="reset-problem" messages={reasons} />
        <SubmitButton busy={saving}>{t('auth.resetPasswordButton')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
