// What the signed-in person just did to their registrations, remembered
// for longer than any copy of the public list can be stale (15 s in the
// browser, up to a minute at the edge), so no list or page contradicts it
// (a seat count from before their registration, Register Now offered
// again). Kept for the tab's session; cleared when the account changes.
import type { RegistrationStatus, TurnoutEvent } from '@/types/api';
import { onLoginStatusChange } from '@/lib/storage';

const KEY = 'turnout.myRegistrations';
// Longer than the list's browser and edge caching together.
export const REMEMBER_MS = 90_000;

interface Change {
  // The registration's id after registering; null after cancelling.
  registrationId: string | null;
  // Whether it holds a seat or waits for one.
  status?: RegistrationStatus;
  // The seats left just after, when known.
  seatsLeft?: number;
  at: number;
}

function load(now: number): Record<string, Change> {
  try {
    const all = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, Change>;
    return Object.fromEntries(Object.entries(all).filter(([, c]) => now - c.at < REMEMBER_MS));
  } catch {
    return {};
  }
}

// Records that the person registered (registrationId) or cancelled (null)
// for eventId, leaving seatsLeft seats when known.
export function rememberRegistration(
  eventId: string,
  registrationId: string | null,
  seatsLeft?: number,
  now = Date.now(),
  status: RegistrationStatus = 'registered',
): void {
  const all = load(now);
  all[eventId] = { registrationId, status, seatsLeft, at: now };
  sessionStorage.setItem(KEY, JSON.stringify(all));
}

// The person's recent change for eventId, if any.
export function recentRegistration(eventId: string, now = Date.now()): Change | undefined {
  return load(now)[eventId];
}

// event as the person's recent change left it.
export function withMyChange(event: TurnoutEvent, now = Date.now()): TurnoutEvent {
  const change = recentRegistration(event.id, now);
  return change?.seatsLeft === undefined ? event : { ...event, seats_left: change.seatsLeft };
}

onLoginStatusChange(() => sessionStorage.removeItem(KEY));
