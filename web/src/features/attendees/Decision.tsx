// Approve or Decline, on a request awaiting the organizer's approval.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { serverMessages, statusOf, said } from '@/lib/errors';
import { useT } from '@/i18n/react';
import { decide, fullName, type Attendee, type AttendeeFields } from './api';

interface DecisionProps {
  eventId: string;
  attendee: Attendee;
  // The registration as approved (its new status), and a reload of the
  // list and its counts (a declined one leaves it).
  onDecided: (changed: AttendeeFields | null) => void;
}

export function Decision({ eventId, attendee, onDecided }: DecisionProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const who = fullName(attendee);

  async function run(verb: 'approve' | 'decline') {
    setBusy(true);
    try {
      const result = await decide(eventId, attendee.registration_id, verb);
      toast.success(said(result));
      onDecided(verb === 'approve' ? result : null);
    } catch (error) {
      // Full, or decided meanwhile (409): the server's words say so.
      const message = statusOf(error) === 409 || statusOf(error) === 404 ? serverMessages(error)[0] : undefined;
      if (!message) console.error(`${verb} registration`, error);
      toast.error(message ?? t('attendees.decisionFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex gap-2">
      <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} aria-label={t('attendees.approveWho', { name: who })} onClick={() => void run('approve')}>
        {t('attendees.approve')}
      </button>
      <button type="button" className="btn-secondary" disabled={busy} aria-label={t('attendees.declineWho', { name: who })} onClick={() => void run('decline')}>
        {t('attendees.decline')}
      </button>
    </div>
  );
}
