// The words of a guest's registration page for giving it up: the shared
// ones, with the page's own button and outcome.
import { GIVING_UP as SHARED } from '@/lib/registrationWords';

export const GIVING_UP = {
  registered: { ...SHARED.registered, button: 'Cancel registration', done: 'Your registration is cancelled.' },
  waitlisted: { ...SHARED.waitlisted, button: 'Leave the waitlist', done: 'You left the waitlist.' },
  pending: { ...SHARED.pending, button: 'Withdraw request', done: 'Your request is withdrawn.' },
} as const;
