import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { ACCOUNT_KEY } from '@/api/useAccount';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages } from '@/lib/errors';
import { withNextPage } from '@/lib/nextPage';
import { invalidateQuery, useQuery } from '@/lib/query';
import { session } from '@/lib/storage';
import { joinOrganization, previewInvitation } from './api';
import { T, useT } from '@/i18n/react';

// Where an invitation to help run an organization lands (?t= the token).
// Opening it changes nothing (mail scanners open links): its button joins,
// with the signed-in person's account.
export default function JoinPage() {
  const t = useT();
  useDocumentTitle(t('join.title'));
  const token = useSearchParams()[0].get('t') ?? '';
  // Without a token there is nothing to ask: the page says so itself.
  const preview = useQuery(`invitation:${token}`, () => (token ? previewInvitation(token) : Promise.reject(new Error('incomplete invitation link'))));
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const here = `${paths.join}?t=${encodeURIComponent(token)}`;

  async function join() {
    setBusy(true);
    setFailure(null);
    try {
      const joined = await joinOrganization(token);
      session.setOrganizationId(joined.organization.id);
      invalidateQuery(ACCOUNT_KEY);
      toast.success(t('join.welcome', { name: joined.organization.name }));
      void navigate(paths.dashboardEvents);
    } catch (error) {
      setFailure(serverMessages(error)[0] ?? t('join.joinFailed'));
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <meta name="robots" content="noindex" />
      <section aria-labelledby="join-title" className="card mx-auto max-w-lg">
        <h1 id="join-title" className="mb-2 text-2xl font-bold tracking-tight text-slate-900">
          {t('join.title')}
        </h1>
        {preview.status === 'loading' && (
          <p role="status" className="text-slate-600">
            {t('join.loading')}
          </p>
        )}
        {preview.status === 'error' && (
          <>
            <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {token ? (serverMessages(preview.error)[0] ?? t('join.loadFailed')) : t('join.incompleteLink')}
            </p>
            <p className="mt-4 text-sm text-slate-700">{t('join.askForNew')}</p>
          </>
        )}
        {preview.status === 'ready' && (
          <>
            <p className="mb-4 text-slate-700">
              <T
                id={preview.data.invited_by ? 'join.invitedBy' : 'join.invited'}
                values={{ username: preview.data.invited_by?.username, organization: preview.data.organization.name, role: preview.data.role }}
                components={{ 0: <strong /> }}
              />
            </p>
            {failure && (
              <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
                {failure}
              </p>
            )}
            {session.isLoggedIn() ? (
              <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() => void join()}>
                {t('join.joinButton', { name: preview.data.organization.name })}
              </button>
            ) : (
              <p className="text-slate-700">
                <Link to={withNextPage(paths.login, here)} className="btn-primary">
                  {t('join.logInToJoin')}
                </Link>{' '}
                <span className="mt-3 block text-sm">
                  <T
                    id={'join.signUpFirst'}
                    components={{ 0: <Link to={withNextPage(paths.register, here)} className="font-medium text-indigo-700 underline" /> }}
                  />
                </span>
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
