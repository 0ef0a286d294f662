import { useState } from 'react';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { useAction } from '@/lib/useAction';
import { getCalendarFeed, resetCalendarFeed, type CalendarFeed as Feed } from '../api';
import { useT } from '@/i18n/react';

// The person's private calendar feed: subscribe from a calendar app, copy
// the address, or reset it when it was shared by mistake. The address is
// asked for only when the person wants it.
export function CalendarFeed() {
  const t = useT();
  const [feed, setFeed] = useState<Feed | null>(null);
  const { busy, run } = useAction();
  const load = (action: () => Promise<Feed>, label: string, failure: string) => run(label, failure, async () => setFeed(await action()));

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('profile.calendarLinkCopied'));
    } catch {
      toast.error(t('profile.calendarCopyFailed'));
    }
  }

  async function reset() {
    const confirmed = await confirmToast(t('profile.calendarResetQuestion'), {
      confirm: t('profile.calendarResetLink'),
      cancel: t('profile.keepIt'),
    });
    if (!confirmed) return;
    if (await load(resetCalendarFeed, 'reset calendar feed', t('profile.calendarResetFailed'))) toast.success(t('profile.calendarLinkNew'));
  }

  return (
    <section aria-labelledby="calendar-feed" className="card mt-6">
      <h2 id="calendar-feed" className="mb-1 text-xl font-semibold text-slate-900">
        {t('profile.calendarTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('profile.calendarText')}</p>
      {feed ? (
        <>
          <label htmlFor="calendar-feed-url" className="field-label">
            {t('profile.calendarFeedAddress')}
          </label>
          <input id="calendar-feed-url" readOnly className="field-input mt-1 font-mono text-xs" value={feed.url} onFocus={(e) => e.target.select()} />
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={feed.webcal} className="btn-primary">
              {t('profile.calendarSubscribe')}
            </a>
            <button type="button" className="btn-secondary" onClick={() => void copy(feed.url)}>
              {t('profile.calendarCopyLink')}
            </button>
            <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void reset()}>
              {t('profile.calendarResetLink')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void load(getCalendarFeed, 'load calendar feed', t('profile.calendarLoadFailed'))}
        >
          {t('profile.calendarShow')}
        </button>
      )}
    </section>
  );
}
