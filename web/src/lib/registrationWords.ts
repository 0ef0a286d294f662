// The words for where a registration stands and for giving it up, which
// the event's page (a signed-in person) and a guest's registration page
// share.
import { t } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/ids';
import type { RegistrationStatus } from '@/types/api';

// Where a registration stands, in the language shown (read when called).
export function standingText(status: RegistrationStatus, position?: number): string {
  if (status === 'waitlisted') return position ? t('shared.registration.waitlistedAt', { position }) : t('shared.registration.waitlisted');
  if (status === 'pending') return t('shared.registration.pending');
  return t('shared.registration.registered');
}

export interface GivingUpIds {
  // The confirm dialog's question; takes the event's {title}.
  question: MessageId;
  confirm: MessageId;
  keep: MessageId;
  failed: MessageId;
}

// How giving a registration up is asked, and told when it fails, by where
// it stands: message ids, translated where shown
// (`t(words.question, { title })`).
export const GIVING_UP_IDS = {
  registered: {
    question: 'shared.givingUp.registeredQuestion',
    confirm: 'shared.givingUp.registeredConfirm',
    keep: 'shared.givingUp.registeredKeep',
    failed: 'shared.givingUp.registeredFailed',
  },
  waitlisted: {
    question: 'shared.givingUp.waitlistedQuestion',
    confirm: 'shared.givingUp.waitlistedConfirm',
    keep: 'shared.givingUp.waitlistedKeep',
    failed: 'shared.givingUp.waitlistedFailed',
  },
  pending: {
    question: 'shared.givingUp.pendingQuestion',
    confirm: 'shared.givingUp.pendingConfirm',
    keep: 'shared.givingUp.pendingKeep',
    failed: 'shared.givingUp.pendingFailed',
  },
} as const satisfies Record<RegistrationStatus, GivingUpIds>;
