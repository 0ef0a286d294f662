import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages } from '@/lib/errors';
import { publicApi } from '@/lib/http';

// Where an optional mail's "Turn them off" link lands: one button, no
// login. (Opening the page changes nothing: mail scanners open links.)
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const token = useSearchParams()[0].get('t') ?? '';
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    try {
      const { data } = await publicApi.post<{ detail: string }>(`/user/unsubscribe/${encodeURIComponent(token)}/`);
      setOutcome({ ok: true, text: data.detail });
    } catch (error) {
      console.error('unsubscribe', error);
      setOutcome({ ok: false, text: serverMessages(error)[0] ?? 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <section className="card mx-auto max-w-lg">
        <h1 tabIndex={-1} className="mb-2 text-2xl font-bold tracking-tight text-slate-900">
          Unsubscribe
        </h1>
        {outcome ? (
          <p role="status" className={outcome.ok ? 'text-emerald-800' : 'text-red-700'}>
            {outcome.text}
          </p>
        ) : (
          <>
            <p className="mb-4 text-slate-700">Stop getting emails like the one that brought you here?</p>
            <button type="button" className="btn-primary" disabled={busy || !token} aria-busy={busy} onClick={() => void unsubscribe()}>
              Unsubscribe
            </button>
          </>
        )}
        <p className="mt-4 text-sm text-slate-600">
          You can choose every kind of email on your <Link to={paths.profile} className="text-indigo-700 underline">profile</Link>.
        </p>
      </section>
    </div>
  );
}
