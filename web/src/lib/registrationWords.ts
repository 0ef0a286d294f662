// The words for where a registration stands and for giving it up, which
// the event's page (a signed-in person) and a guest's registration page
// share.
import type { RegistrationStatus } from '@/types/api';

export function standingText(status: RegistrationStatus, position?: number): string {
  if (status === 'waitlisted') return `You are on the waitlist${position ? ` (number ${position} in line)` : ''}.`;
  if (status === 'pending') return 'Your request awaits the organizer’s approval. You will be told by mail.';
  return 'You are registered for this event.';
}

// How giving a registration up is asked, and told when it fails, by where
// it stands.
export const GIVING_UP = {
  registered: {
    question: 'Cancel your registration for',
    confirm: 'Cancel registration',
    keep: 'Keep my seat',
    failed: 'Failed to cancel registration.',
  },
  waitlisted: {
    question: 'Leave the waitlist for',
    confirm: 'Leave waitlist',
    keep: 'Stay on the waitlist',
    failed: 'Failed to leave the waitlist.',
  },
  pending: {
    question: 'Withdraw your request to join',
    confirm: 'Withdraw request',
    keep: 'Keep my request',
    failed: 'Failed to withdraw your request.',
  },
} as const satisfies Record<RegistrationStatus, Record<string, string>>;
