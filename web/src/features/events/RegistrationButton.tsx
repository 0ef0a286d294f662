// The registration panel's one button: register (or join the waitlist, or
// ask to join), or give up what one holds.
import type { MyRegistration } from '@/api/events';
import { GIVING_UP as SHARED } from '@/lib/registrationWords';

// What giving a registration up is called, asked and told, by where it
// stands: the shared words, with the page's own.
export const GIVING_UP = {
  registered: {
    ...SHARED.registered,
    loading: 'Cancelling registration...',
    done: 'Registration cancelled successfully.',
    button: 'Cancel Registration',
  },
  waitlisted: { ...SHARED.waitlisted, loading: 'Leaving the waitlist...', done: 'You left the waitlist.', button: 'Leave Waitlist' },
  pending: { ...SHARED.pending, loading: 'Withdrawing your request...', done: 'Your request is withdrawn.', button: 'Withdraw Request' },
} as const;

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
  if (registration)
    return (
      // Giving up a seat or a place in the queue destroys something: the one red action.
      <button
        type="button"
        className="btn-secondary text-red-700 ring-red-300 hover:bg-red-50 focus-visible:outline-red-700 lg:mt-3 lg:w-full"
        aria-busy={busy}
        onClick={() => onCancel(registration)}
      >
        {GIVING_UP[registration.status].button}
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
      {approval ? 'Request to Join' : canJoinWaitlist ? 'Join Waitlist' : 'Register Now'}
    </button>
  );
}
