import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { serverMessages } from '@/lib/errors';
import { session } from '@/lib/storage';
import { changePassword } from './api';
import { AuthCard, Field, FormError } from './components';

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReasons([]);
    if (!oldPassword || !newPassword || !confirm) return setProblem('Please fill in all three fields.');
    if (newPassword !== confirm) return setProblem('New passwords do not match');
    setProblem(null);
    setSaving(true);
    try {
      // The server ended every other session, ours included: keep the new tokens.
      const { access, refresh } = await changePassword({ old_password: oldPassword, new_password: newPassword });
      session.setTokens({ access, refresh });
      toast.success('Password changed successfully!');
      void navigate(paths.profile);
    } catch (error) {
      toast.error('Something went wrong. Please try again.');
      setReasons(serverMessages(error));
      setSaving(false);
    }
  }

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
          invalid={problem !== null && !oldPassword}
          errorId={errorId}
        />
        <Field
          id="new-password"
          name="new_password"
          type="password"
          label="New Password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          invalid={problem !== null && (!newPassword || newPassword !== confirm)}
          errorId={errorId}
        />
        <Field
          id="confirm-new-password"
          name="confirm_password"
          type="password"
          label="Confirm New Password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          invalid={problem !== null && (!confirm || newPassword !== confirm)}
          errorId={errorId}
        />
        {problem && <FormError id="change-problem">{problem}</FormError>}
        {reasons.length > 0 && (
          <div id="change-reasons" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <ul className="list-inside list-disc">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
        <button type="submit" className="btn-primary w-full" disabled={saving} aria-busy={saving}>
          Change Password
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.profile} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          Back to Profile
        </Link>
      </p>
    </AuthCard>
  );
}
