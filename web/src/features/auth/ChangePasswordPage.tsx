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

export default function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const { password, confirm, passwordInput, confirmInput, problem, reasons, refused, saving, submit } = useNewPasswordForm({
    check: (newPassword, confirmation) => (!oldPassword || !newPassword || !confirmation ? 'Please fill in all three fields.' : null),
    send: async (newPassword) => {
      // The server ended every other session, ours included: keep the new tokens.
      const { access, refresh } = await changePassword({ old_password: oldPassword, new_password: newPassword });
      session.setTokens({ access, refresh });
      toast.success('Password changed successfully!');
      void navigate(paths.profile);
    },
  });

  const errorId = problem ? 'change-problem' : reasons.length > 0 ? 'change-reasons' : undefined;

  return (
    <AuthCard title="Change Password">
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Change password">
        <Field
          id="old-password"
          name="old_password"
          type="password"
          label="Old Password"
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
          label="New Password"
          invalid={(problem !== null && (!password || password !== confirm)) || refused.includes('new_password')}
          errorId={errorId}
          {...passwordInput}
        />
        <Field
          id="confirm-new-password"
          name="confirm_password"
          label="Confirm New Password"
          invalid={problem !== null && (!confirm || password !== confirm)}
          errorId={errorId}
          {...confirmInput}
        />
        {problem && <FormError id="change-problem">{problem}</FormError>}
        <FormProblems id="change-reasons" messages={reasons} />
        <SubmitButton busy={saving}>Change Password</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.profile} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          Back to Profile
        </Link>
      </p>
    </AuthCard>
  );
}
