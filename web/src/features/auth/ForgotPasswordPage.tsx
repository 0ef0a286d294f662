import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { requestPasswordReset } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';

// Something@something.something, without spaces: enough to catch typos.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === '') return setProblem('Please enter your email');
    if (!EMAIL_SHAPE.test(address)) return setProblem('Please enter a valid email address');
    setProblem(null);
    setSending(true);
    try {
      await requestPasswordReset(address);
      toast.success('Password reset email sent! Check your inbox.');
    } catch {
      toast.error('Failed to send reset email. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title="Email Address">
      <p className="mb-4 text-sm text-slate-700">Enter the email of your account and we will send you a link to set a new password.</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Request a password reset">
        <Field
          id="email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={problem !== null}
          errorId="email-problem"
        />
        {problem && <FormError id="email-problem">{problem}</FormError>}
        <SubmitButton busy={sending}>Send</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
