import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { serverMessages } from '@/lib/errors';
import { withNextPage } from '@/lib/nextPage';
import { setQueryData, useQuery } from '@/lib/query';
import { session } from '@/lib/storage';
import { useT } from '@/i18n/react';
import { getFollow, setFollow, type Follow } from './api';

// Follow the organization: its new public events are mailed, at most once
// a day. A visitor is asked to log in first, coming back here.
export function FollowButton({ id, name, count }: { id: string; name: string; count: number }) {
  const t = useT();
  if (!session.isLoggedIn()) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Link to={withNextPage(paths.login, paths.organization(id))} className="btn-secondary">
          {t('organizations.follow')}
        </Link>
        {t('organizations.followers', { count })}
      </p>
    );
  }
  return <SignedInFollow id={id} name={name} />;
}

function SignedInFollow({ id, name }: { id: string; name: string }) {
  const t = useT();
  const key = `follow:${id}`;
  const state = useQuery(key, () => getFollow(id), { onError: (error) => console.error('load follow', error) });
  const [busy, setBusy] = useState(false);
  if (state.status !== 'ready') return null;
  const follow: Follow = state.data;

  async function toggle() {
    setBusy(true);
    try {
      const next = await setFollow(id, !follow.following);
      setQueryData(key, next);
      toast.success(next.following ? t('organizations.followed', { name }) : t('organizations.unfollowed', { name }));
    } catch (error) {
      toast.error(serverMessages(error)[0] ?? t('organizations.followFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <button
        type="button"
        className={follow.following ? 'btn-secondary' : 'btn-primary'}
        aria-pressed={follow.following}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {follow.following ? t('organizations.following') : t('organizations.follow')}
      </button>
      {t('organizations.followers', { count: follow.followers })}
    </p>
  );
}
