// The registration panel's one button: register (or join the waitlist, or
// ask to join), or give up what one holds.
import type { MyRegistration } from '@/api/events';

// What giving a registration up is called, asked and told, by where it
// stands.
export const GIVING_UP = {
  registered: {
    question: 'Cancel your registration for',
    confirm: 'Cancel registration',
    keep: 'Keep my seat',
    loading: 'Cancelling registration...',
    done: 'Registration cancelled successfully.',
    failed: 'Failed to cancel registration.',
    button: 'Cancel Registration',
  },
  waitlisted: {
    question: 'Leave the waitlist for',
    confirm: 'Leave waitlist',
    keep: 'Stay on the waitlist',
    loading: 'Leaving the waitlist...',
    done: 'You left the waitlist.',
    failed: 'Failed to leave the waitlist.',
    button: 'Leave Waitlist',
  },
  pending: {
    question: 'Withdraw your request to join',
    confirm: 'Withdraw request',
    keep: 'Keep my request',
    loading: 'Withdrawing your request...',
    done: 'Your request is withdrawn.',
    failed: 'Failed to withdraw your request.',
    button: 'Withdraw Request',
  },
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
