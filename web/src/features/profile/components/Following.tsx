import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/useAction';
import { listFollowed, unfollow, type Followed } from '../api';
import { useT } from '@/i18n/react';

// The organizations the person follows: each mails its new public events,
// at most once a day (turned off for all under Email settings). The list
// is asked for only when the person opens the section.
export function Following() {
  const t = useT();
  const [list, setList] = useState<Followed[] | null>(null);
  const { busy, run } = useAction();

  async function stop(o: Followed) {
    try {
      await unfollow(o.id);
      setList((all) => (all ?? []).filter((x) => x.id !== o.id));
      toast.success(t('profile.unfollowed', { name: o.name }));
    } catch (error) {
      console.error('unfollow', error);
      toast.error(t('profile.unfollowFailed'));
    }
  }

  return (
    <section aria-labelledby="following-title" className="card mt-6">
      <h2 id="following-title" className="mb-1 text-xl font-semibold text-slate-900">
        {t('profile.followingTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('profile.followingText')}</p>
      {list === null && (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void run('load following', t('profile.followingFailed'), async () => setList(await listFollowed()))}
        >
          {t('profile.showFollowing')}
        </button>
      )}
      {list?.length === 0 && <p className="text-slate-700">{t('profile.followingNone')}</p>}
      {list && list.length > 0 && (
        <ul className="grid gap-2">
          {list.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2">
              <Link to={paths.organization(o.id)} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                {o.name}
              </Link>
              <button type="button" className="btn-secondary" onClick={() => void stop(o)}>
                {t('profile.unfollow')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
