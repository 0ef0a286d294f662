// What the developers screen offers, each with its message: the scopes a
// token may hold and the kinds of changes an endpoint hears of, in the
// API's order.
import type { MessageId } from '@/i18n/ids';
import { t } from '@/i18n/i18n';
import type { ApiScope, WebhookKind } from './api';

export interface Choice<V extends string> {
  value: V;
  help: MessageId;
}

export const SCOPES: Choice<ApiScope>[] = [
  { value: 'events:read', help: 'developers.scope.eventsRead' },
  { value: 'events:write', help: 'developers.scope.eventsWrite' },
  { value: 'attendees:read', help: 'developers.scope.attendeesRead' },
  { value: 'checkin:write', help: 'developers.scope.checkinWrite' },
  { value: 'webhooks:write', help: 'developers.scope.webhooksWrite' },
];

export interface KindGroup {
  legend: MessageId;
  kinds: Choice<WebhookKind>[];
}

export const KIND_GROUPS: KindGroup[] = [
  {
    legend: 'developers.kinds.registrations',
    kinds: [
      { value: 'registration.created', help: 'developers.kind.registrationCreated' },
      { value: 'registration.pending', help: 'developers.kind.registrationPending' },
      { value: 'registration.approved', help: 'developers.kind.registrationApproved' },
      { value: 'registration.declined', help: 'developers.kind.registrationDeclined' },
      { value: 'registration.promoted', help: 'developers.kind.registrationPromoted' },
      { value: 'registration.cancelled', help: 'developers.kind.registrationCancelled' },
    ],
  },
  { legend: 'developers.kinds.checkIn', kinds: [{ value: 'attendee.checked_in', help: 'developers.kind.attendeeCheckedIn' }] },
  {
    legend: 'developers.kinds.events',
    kinds: [
      { value: 'event.created', help: 'developers.kind.eventCreated' },
      { value: 'event.updated', help: 'developers.kind.eventUpdated' },
      { value: 'event.cancelled', help: 'developers.kind.eventCancelled' },
      { value: 'event.deleted', help: 'developers.kind.eventDeleted' },
    ],
  },
  { legend: 'developers.kinds.series', kinds: [{ value: 'series.created', help: 'developers.kind.seriesCreated' }] },
];

// Why a delivery's last attempt got no HTTP status, as the API names it.
export const DELIVERY_ERRORS: Partial<Record<string, MessageId>> = {
  timeout: 'developers.deliveries.errorTimeout',
  connection: 'developers.deliveries.errorConnection',
  'private address': 'developers.deliveries.errorPrivate',
};

// The answers of a confirmation, in the language shown.
export const yesNo = () => ({ confirm: t('developers.confirm.yes'), cancel: t('developers.confirm.no') });
