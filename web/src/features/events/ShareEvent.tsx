import { useState } from 'react';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';
import { useT } from '@/i18n/react';

type Outcome = 'idle' | 'copied' | 'show';

// Sharing the event's page: the device's share sheet where there is one
// (phones), else its link copied, said in a status line; where the
// clipboard is refused, the link is shown selected to copy by hand.
// A private event's link keeps the invite code it was opened with: whoever
// shares it passes the invitation on.
export function ShareEvent({ event, invite = '' }: { event: TurnoutEvent; invite?: string }) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const url = new URL(paths.eventDetail(event.id, invite), window.location.origin).href;

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: event.title, url });
        return;
      } catch (error) {
        // Closing the sheet is an answer; any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('show');
    }
  }

  return (
    <div className="mt-3">
      <button type="button" className="btn-secondary w-full" onClick={() => void share()}>
        {t('events.share')}
      </button>
      <p role="status" className="mt-1 min-h-5 text-sm font-medium text-emerald-800">
        {outcome === 'copied' ? t('events.linkCopied') : ''}
      </p>
      {outcome === 'show' && (
        <label className="block text-sm text-slate-700">
          {t('events.copyLink')}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- shown on the person's own Share, to copy at once */}
          <input readOnly value={url} className="field-input mt-1" onFocus={(e) => e.currentTarget.select()} autoFocus />
        </label>
      )}
    </div>
  );
}
