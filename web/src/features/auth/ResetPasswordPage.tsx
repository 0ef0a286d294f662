import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { serverMessages } from '@/lib/errors';
import { confirmPasswordReset } from './api';
import { AuthCard, Field, FormError } from './components';

// Opened from the reset email: /forget/password/create?uid=...&token=...
export default function ResetPasswordPage() {
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [reasons, setReasons] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setMismatch(true);
      setReasons([]);
      return;
    }
    setMismatch(false);
    setReasons([]);
    setSaving(true);
    try {
      await confirmPasswordReset(uid, token, password);
      toast.success('Password reset successfully!');
      void navigate(paths.login);
    } catch (error) {
      toast.error('Something went wrong. Please try again.');
      // Why, when the server says (a weak password, a spent link).
      setReasons(serverMessages(error));
      setSaving(false);
    }
  }

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Set a new password">
        <Field
          id="new-password"
          name="password"
          type="password"
          label="New Password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={mismatch || reasons.length > 0}
          errorId="reset-problem"
        />
        <Field
          id="confirm-password"
          name="confirm"
          type="password"
          label="Confirm Password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          invalid={mismatch}
          errorId="reset-problem"
        />
        {mismatch && <FormError id="reset-problem">New passwords do not match</FormError>}
        {reasons.length > 0 && (
          <div id="reset-problem" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <ul className="list-inside list-disc">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
        <button type="submit" className="btn-primary w-full" disabled={saving} aria-busy={saving}>
          Reset Password
        </button>
      </form>
    </AuthCard>
  );
}
