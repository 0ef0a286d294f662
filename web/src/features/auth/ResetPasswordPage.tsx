import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { FormProblems } from '@/components/FormField';
import { paths } from '@/config/paths';
import { confirmPasswordReset } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useNewPasswordForm } from './useNewPasswordForm';
import { useDocumentTitle } from '@/lib/documentTitle';

// Opened from the reset email: /forget/password/create?uid=...&token=...
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');

  if (!uid || !token) {
    return (
      <AuthCard title="Reset Password">
        <FormError>Invalid password reset link</FormError>
        <p className="mt-4 text-sm text-slate-700">The link is incomplete. Ask for a new one and open it straight from the email.</p>
        <Link to={paths.forgotPassword} className="btn-primary mt-6">
          Request a New Link
        </Link>
      </AuthCard>
    );
  }
  return <ResetPasswordForm uid={uid} token={token} />;
}

function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const navigate = useNavigate();
  const { passwordInput, confirmInput, problem, reasons, saving, submit } = useNewPasswordForm({
    send: async (newPassword) => {
      await confirmPasswordReset(uid, token, newPassword);
      toast.success('Password reset successfully!');
      void navigate(paths.login);
    },
  });
  // The page checks nothing else: any problem is the mismatch.
  const mismatch = problem !== null;

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Set a new password">
        <Field
          id="new-password"
          name="password"
          label="New Password"
          invalid={mismatch || reasons.length > 0}
          errorId="reset-problem"
          {...passwordInput}
        />
        <Field
          id="confirm-password"
          name="confirm"
          label="Confirm Password"
          invalid={mismatch}
          errorId="reset-problem"
          {...confirmInput}
        />
        {mismatch && <FormError id="reset-problem">{problem}</FormError>}
        <FormProblems id="reset-problem" messages={reasons} />
        <SubmitButton busy={saving}>Reset Password</SubmitButton>
      </form>
    </AuthCard>
  );
}
