// The words the guest's pages use for where a registration stands and for
// giving it up (the event's page words them alike for a signed-in person).
import type { RegistrationStatus } from '@/types/api';

export function standingText(status: RegistrationStatus, position?: number): string {
  if (status === 'waitlisted') return `You are on the waitlist${position ? ` (number ${position} in line)` : ''}.`;
  if (status === 'pending') return 'Your request awaits the organizer’s approval. You will be told by mail.';
  return 'You are registered for this event.';
}

// What giving a registration up is called, asked and told, by where it
// stands.
export const GIVING_UP = {
  registered: {
    button: 'Cancel registration',
    question: 'Cancel your registration for',
    confirm: 'Cancel registration',
    keep: 'Keep my seat',
    done: 'Your registration is cancelled.',
    failed: 'Failed to cancel registration.',
  },
  waitlisted: {
    button: 'Leave the waitlist',
    question: 'Leave the waitlist for',
    confirm: 'Leave waitlist',
    keep: 'Stay on the waitlist',
    done: 'You left the waitlist.',
    failed: 'Failed to leave the waitlist.',
  },
  pending: {
    button: 'Withdraw request',
    question: 'Withdraw your request to join',
    confirm: 'Withdraw request',
    keep: 'Keep my request',
    done: 'Your request is withdrawn.',
    failed: 'Failed to withdraw your request.',
  },
} as const satisfies Record<RegistrationStatus, Record<string, string>>;
