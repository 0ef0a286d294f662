import { useState } from 'react';
import { confirmToast } from '@/components/confirmToast';
import { resetTicketLink } from '@/api/tickets';
import { T, useT } from '@/i18n/react';

// The link to the ticket's own page, which opens without a login (to keep
// on a phone), and its reset, which ends a link that was sent too far.
export function TicketLinkActions({ registrationId, link, onReset }: { registrationId: string; link: string; onReset: (link: string) => void }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');

  async function reset() {
    const confirmed = await confirmToast(t('shared.ticketLink.resetQuestion'), {
      confirm: t('shared.ticketLink.resetConfirm'),
      cancel: t('shared.ticketLink.resetKeep'),
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
      <T
        id={'shared.ticketLink.open'}
        components={{
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- the message fills it ("Open ticket page")
          0: <a href={link} className="font-medium text-indigo-700 underline" />,
          1: <span className="text-slate-600" />,
        }}
      />
      <div className="mt-1">
        <button type="button" className="text-slate-700 underline" aria-busy={state === 'busy'} disabled={state === 'busy'} onClick={() => void reset()}>
          {t('shared.ticketLink.reset')}
        </button>
      </div>
      <p role="status" className="min-h-5 text-slate-700">
        {state === 'done' && t('shared.ticketLink.done')}
        {state === 'failed' && t('shared.ticketLink.failed')}
      </p>
    </div>
  );
}
