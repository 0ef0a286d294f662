import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages, said } from '@/lib/errors';
import { publicApi } from '@/lib/http';
import { T, useT } from '@/i18n/react';

// Where an optional mail's "Turn them off" link lands: one button, no
// login. (Opening the page changes nothing: mail scanners open links.)
export default function UnsubscribePage() {
  const t = useT();
  useDocumentTitle(t('profile.unsubscribeTitle'));
  const token = useSearchParams()[0].get('t') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    try {
      const { data } = await publicApi.post<{ detail: string }>(`/user/unsubscribe/${encodeURIComponent(token)}/`);
      setOutcome({ ok: true, text: said(data) });
    } catch (error) {
      console.error('unsubscribe', error);
      setOutcome({ ok: false, text: serverMessages(error)[0] ?? t('profile.somethingWentWrong') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <section className="card mx-auto max-w-lg">
        <h1 tabIndex={-1} className="mb-2 text-2xl font-bold tracking-tight text-slate-900">
          {t('profile.unsubscribeTitle')}
        </h1>
        {outcome ? (
          <p role="status" className={outcome.ok ? 'text-emerald-800' : 'text-red-700'}>
            {outcome.text}
          </p>
        ) : (
          <>
            <p className="mb-4 text-slate-700">{t('profile.unsubscribeQuestion')}</p>
            <button type="button" className="btn-primary" disabled={busy || !token} aria-busy={busy} onClick={() => void unsubscribe()}>
              {t('profile.unsubscribeButton')}
            </button>
          </>
        )}
        <p className="mt-4 text-sm text-slate-600">
          <T id={'profile.chooseEmailsOnProfile'} components={{ 0: <Link to={paths.profile} className="text-indigo-700 underline" /> }} />
        </p>
      </section>
    </div>
  );
}
