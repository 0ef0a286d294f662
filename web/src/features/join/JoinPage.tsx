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
import { ROLES } from '@/lib/roles';

const INCOMPLETE_LINK = 'This invitation link is incomplete. Please open the link from your email again.';

// Where an invitation to help run an organization lands (?t= the token).
// Opening it changes nothing (mail scanners open links): its button joins,
// with the signed-in person's account.
export default function JoinPage() {
  useDocumentTitle('Join an organization');
  const token = useSearchParams()[0].get('t') ?? '';
  const preview = useQuery(`invitation:${token}`, () => (token ? previewInvitation(token) : Promise.reject(new Error(INCOMPLETE_LINK))));
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
      toast.success(`Welcome to ${joined.organization.name}.`);
      void navigate(paths.dashboardEvents);
    } catch (error) {
      setFailure(serverMessages(error)[0] ?? 'You could not join. Please try again.');
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <meta name="robots" content="noindex" />
      <section aria-labelledby="join-title" className="card mx-auto max-w-lg">
        <h1 id="join-title" className="mb-2 text-2xl font-bold tracking-tight text-slate-900">
          Join an organization
        </h1>
        {preview.status === 'loading' && (
          <p role="status" className="text-slate-600">
            Loading the invitation...
          </p>
        )}
        {preview.status === 'error' && (
          <>
            <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
              {token ? (serverMessages(preview.error)[0] ?? 'We could not load the invitation.') : INCOMPLETE_LINK}
            </p>
            <p className="mt-4 text-sm text-slate-700">Ask whoever invited you for a new invitation.</p>
          </>
        )}
        {preview.status === 'ready' && (
          <>
            <p className="mb-4 text-slate-700">
              {preview.data.invited_by ? `@${preview.data.invited_by.username} invites you` : 'You are invited'} to help run{' '}
              <strong>{preview.data.organization.name}</strong> as {ROLES.find((r) => r.role === preview.data.role)?.label.toLowerCase()}:{' '}
              {ROLES.find((r) => r.role === preview.data.role)?.does}.
            </p>
            {failure && (
              <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
                {failure}
              </p>
            )}
            {session.isLoggedIn() ? (
              <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() => void join()}>
                Join {preview.data.organization.name}
              </button>
            ) : (
              <p className="text-slate-700">
                <Link to={withNextPage(paths.login, here)} className="btn-primary">
                  Log in to join
                </Link>{' '}
                <span className="mt-3 block text-sm">
                  New to Turnout?{' '}
                  <Link to={withNextPage(paths.register, here)} className="font-medium text-indigo-700 underline">
                    Sign up
                  </Link>{' '}
                  with a personal account first: you come back here once it is active.
                </span>
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
