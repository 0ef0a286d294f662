import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { serverMessages, said } from '@/lib/errors';
import { resendActivation } from './api';
import { AuthCard, Field, SubmitButton } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useNextPage } from '@/lib/nextPage';
import { useT } from '@/i18n/react';

// Where a wrong, expired or used activation link lands; a new link can be
// sent from here, leading where the old one did (?next=).
export default function ActivationInvalidPage() {
  const t = useT();
  useDocumentTitle(t('auth.activationInvalidTitle'));
  const next = useNextPage();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setAnswer(null);
    try {
      setAnswer(said(await resendActivation(email.trim(), next)));
    } catch (error) {
      const messages = serverMessages(error);
      if (messages.length === 0) toast.error(t('auth.somethingWentWrongLater'));
      for (const message of messages) toast.error(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title={t('auth.activationInvalidTitle')}>
      <p className="text-slate-700">{t('auth.activationInvalidText')}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-6 grid gap-4" aria-label={t('auth.resendActivationForm')}>
        <Field
          id="email"
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton busy={sending}>{t('auth.resendActivationButton')}</SubmitButton>
      </form>
      <div role="status" className="mt-4">
        {answer && <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{answer}</p>}
      </div>
    </AuthCard>
  );
}
