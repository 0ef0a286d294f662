// The words of a guest's registration page for giving it up: the shared
// ones (question, answers, failure), with the page's own button and
// outcome. Message ids, translated where shown.
import type { MessageId } from '@/i18n/ids';
import { GIVING_UP_IDS as SHARED, type GivingUpIds } from '@/lib/registrationWords';
import type { RegistrationStatus } from '@/types/api';

export const GIVING_UP = {
  registered: { ...SHARED.registered, button: 'rsvp.cancelRegistrationButton', done: 'rsvp.cancelRegistrationDone' },
  waitlisted: { ...SHARED.waitlisted, button: 'rsvp.leaveWaitlistButton', done: 'rsvp.leaveWaitlistDone' },
  pending: { ...SHARED.pending, button: 'rsvp.withdrawRequestButton', done: 'rsvp.withdrawRequestDone' },
} as const satisfies Record<RegistrationStatus, GivingUpIds & { button: MessageId; done: MessageId }>;
