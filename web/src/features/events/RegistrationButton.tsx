// The registration panel's one button: register (or join the waitlist, or
// ask to join), or give up what one holds.
import type { MyRegistration } from '@/api/events';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';
import { GIVING_UP_IDS as SHARED } from '@/lib/registrationWords';
import type { RegistrationStatus } from '@/types/api';

// What giving a registration up is called, asked and told, by where it
// stands (message ids): the shared words, with the page's own.
export const GIVING_UP = {
  registered: {
    ...SHARED.registered,
    loading: 'events.cancelRegistrationLoading',
    done: 'events.cancelRegistrationDone',
    button: 'events.cancelRegistrationButton',
  },
  waitlisted: {
    ...SHARED.waitlisted,
    loading: 'events.leaveWaitlistLoading',
    done: 'events.leaveWaitlistDone',
    button: 'events.leaveWaitlistButton',
  },
  pending: {
    ...SHARED.pending,
    loading: 'events.withdrawRequestLoading',
    done: 'events.withdrawRequestDone',
    button: 'events.withdrawRequestButton',
  },
} as const satisfies Record<RegistrationStatus, Record<string, MessageId>>;

// Cancel (or leave the waitlist, or withdraw a request) for one who has a
// registration, else Register (or join the waitlist, or ask to join).
export function RegistrationButton({
  registration,
  busy,
  disabled,
  canJoinWaitlist,
  approval,
  hasNote,
  onRegister,
  onCancel,
}: {
  registration: MyRegistration | null | undefined;
  busy: boolean;
  disabled: boolean;
  canJoinWaitlist: boolean;
  // Registering is a request the organizer approves.
  approval: boolean;
  hasNote: boolean;
  onRegister: () => void;
  onCancel: (mine: MyRegistration) => void;
}) {
  const t = useT();
  if (registration)
    return (
      // Giving up a seat or a place in the queue destroys something: the one red action.
      <button
        type="button"
        className="btn-secondary text-red-700 ring-red-300 hover:bg-red-50 focus-visible:outline-red-700 lg:mt-3 lg:w-full"
        aria-busy={busy}
        onClick={() => onCancel(registration)}
      >
        {t(GIVING_UP[registration.status].button)}
      </button>
    );
  return (
    <button
      type="button"
      className="btn-primary lg:mt-3 lg:w-full"
      // aria-disabled while busy keeps focus on the button.
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      aria-describedby={hasNote ? 'register-note' : undefined}
      onClick={onRegister}
    >
      {approval ? t('events.requestToJoin') : canJoinWaitlist ? t('events.joinWaitlist') : t('events.registerNow')}
    </button>
  );
}
