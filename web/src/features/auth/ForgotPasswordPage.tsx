import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { requestPasswordReset } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

// Something@something.something, without spaces: enough to catch typos.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('auth.forgotPasswordTitle'));
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<MessageId | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (address === '') return setProblem('auth.enterEmail');
    if (!EMAIL_SHAPE.test(address)) return setProblem('auth.enterValidEmail');
    setProblem(null);
    setSending(true);
    try {
      await requestPasswordReset(address);
      toast.success(t('auth.resetEmailSent'));
    } catch {
      toast.error(t('auth.resetEmailFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title={t('auth.emailAddressTitle')}>
      <p className="mb-4 text-sm text-slate-700">{t('auth.forgotPasswordText')}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label={t('auth.requestResetForm')}>
        <Field
          id="email"
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={problem !== null}
          errorId="email-problem"
        />
        {problem && <FormError id="email-problem">{t(problem)}</FormError>}
        <SubmitButton busy={sending}>{t('auth.send')}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
