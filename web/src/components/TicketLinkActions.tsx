import { useState } from 'react';
import { confirmToast } from '@/components/confirmToast';
import { resetTicketLink } from '@/api/tickets';

// The link to the ticket's own page, which opens without a login (to keep
// on a phone), and its reset, which ends a link that was sent too far.
export function TicketLinkActions({ registrationId, link, onReset }: { registrationId: string; link: string; onReset: (link: string) => void }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');

  async function reset() {
    const confirmed = await confirmToast('Reset your ticket link? The old link stops working; your ticket stays the same.', {
      confirm: 'Reset Link',
      cancel: 'Keep Link',
    });
    if (!confirmed) return;
    setState('busy');
    try {
      onReset(await resetTicketLink(registrationId));
      setState('done');
    } catch (error) {
      console.error('reset ticket link', error);
      setState('failed');
    }
  }

  return (
    <div className="mt-2 text-center text-sm">
      <a href={link} className="font-medium text-indigo-700 underline">
        Open ticket page
      </a>
      <span className="text-slate-600"> (no login needed; keep it on your phone)</span>
      <div className="mt-1">
        <button type="button" className="text-slate-700 underline" aria-busy={state === 'busy'} disabled={state === 'busy'} onClick={() => void reset()}>
          Reset ticket link
        </button>
      </div>
      <p role="status" className="min-h-5 text-slate-700">
        {state === 'done' && 'The old ticket link no longer works.'}
        {state === 'failed' && 'The link could not be reset. Please try again.'}
      </p>
    </div>
  );
}
