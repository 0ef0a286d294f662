import { useState } from 'react';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { useAction } from '@/lib/useAction';
import { getCalendarFeed, resetCalendarFeed, type CalendarFeed as Feed } from '../api';

// The person's private calendar feed: subscribe from a calendar app, copy
// the address, or reset it when it was shared by mistake. The address is
// asked for only when the person wants it.
export function CalendarFeed() {
  const [feed, setFeed] = useState<Feed | null>(null);
  const { busy, run } = useAction();
  const load = (action: () => Promise<Feed>, label: string, failure: string) => run(label, failure, async () => setFeed(await action()));

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar link copied.');
    } catch {
      toast.error('Copy the link from the field instead.');
    }
  }

  async function reset() {
    const confirmed = await confirmToast('Reset your calendar link? Calendars subscribed to the old one stop updating.', {
      confirm: 'Reset link',
      cancel: 'Keep it',
    });
    if (!confirmed) return;
    if (await load(resetCalendarFeed, 'reset calendar feed', 'Failed to reset the calendar link.')) toast.success('Your calendar link is new.');
  }

  return (
    <section aria-labelledby="calendar-feed" className="card mt-6">
      <h2 id="calendar-feed" className="mb-1 text-xl font-semibold text-slate-900">
        Calendar feed
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        The events you have a seat at, kept up to date in your calendar app. Keep this link private: anyone with it can see them.
      </p>
      {feed ? (
        <>
          <label htmlFor="calendar-feed-url" className="field-label">
            Feed address
          </label>
          <input id="calendar-feed-url" readOnly className="field-input mt-1 font-mono text-xs" value={feed.url} onFocus={(e) => e.target.select()} />
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={feed.webcal} className="btn-primary">
              Subscribe
            </a>
            <button type="button" className="btn-secondary" onClick={() => void copy(feed.url)}>
              Copy link
            </button>
            <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void reset()}>
              Reset link
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void load(getCalendarFeed, 'load calendar feed', 'Failed to load your calendar link.')}
        >
          Show my calendar link
        </button>
      )}
    </section>
  );
}
