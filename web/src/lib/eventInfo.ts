import { t } from '@/i18n/i18n';
import type { TurnoutEvent } from '@/types/api';

// What the detail page receives in navigation state from the list.
export interface EventDetailState {
  event: TurnoutEvent;
}

export function isEvent(value: unknown): value is TurnoutEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Partial<TurnoutEvent>;
  return typeof event.id === 'string' && typeof event.title === 'string' && typeof event.start_time === 'string';
}

export function eventFromState(state: unknown): TurnoutEvent | null {
  if (!state || typeof state !== 'object') return null;
  const event = (state as Partial<EventDetailState>).event;
  return isEvent(event) ? event : null;
}

// Why an event takes no more registrations, if it does not.
export type Availability = 'open' | 'full' | 'started' | 'cancelled';

export function availabilityOf(event: TurnoutEvent, now: number = Date.now()): Availability {
  if (event.cancelled) return 'cancelled';
  if (Date.parse(event.start_time) <= now) return 'started';
  if (event.seats_left <= 0) return 'full';
  return 'open';
}

// Where the event is: its place (and city), and whether it is online too.
// An online event whose location is only "Online" has no other place.
// (A registration's summary of its event has no city.) In the language
// shown when called.
export function whereOf(event: Pick<TurnoutEvent, 'location' | 'online'> & Partial<Pick<TurnoutEvent, 'city'>>): string {
  const place = [event.location, event.city].filter(Boolean).join(' · ');
  if (!event.online) return place;
  return event.location.trim() === '' || event.location.trim().toLowerCase() === 'online' ? t('common.event.online') : t('common.event.onlineAndAt', { place });
}
