import type { TurnoutEvent } from '@/types/api';

// What the events panel hands the update page in navigation state.
export interface EventUpdateState {
  event: TurnoutEvent;
}

export function eventFromState(state: unknown): TurnoutEvent | null {
  if (!state || typeof state !== 'object') return null;
  const event = (state as Partial<EventUpdateState>).event as Partial<TurnoutEvent> | undefined;
  return event && typeof event.id === 'string' && typeof event.title === 'string' && typeof event.start_time === 'string'
    ? (event as TurnoutEvent)
    : null;
}
