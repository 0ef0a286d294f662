// Where "Add to calendar" leads: the event's .ics file from the API, and
// the event forms of Google Calendar and Outlook, filled in.
import { API_BASE_URL } from '@/config/env';
import { paths } from '@/config/paths';
import type { TurnoutEvent } from '@/types/api';

// 2026-11-26T18:00:00Z → 20261126T180000Z (iCalendar's UTC form).
function compact(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

// A private event's links carry the invite code it was opened with ('' for none).
function pageOf(event: TurnoutEvent, invite = ''): string {
  return `${window.location.origin}${paths.eventDetail(event.id, invite)}`;
}

export function icsLink(event: TurnoutEvent, invite = ''): string {
  return `${API_BASE_URL}/event/detail/${encodeURIComponent(event.id)}/calendar.ics${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
}

export function googleCalendarLink(event: TurnoutEvent, invite = ''): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compact(event.start_time)}/${compact(event.end_time)}`,
    details: pageOf(event, invite),
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function outlookCalendarLink(event: TurnoutEvent, invite = ''): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.start_time).toISOString(),
    enddt: new Date(event.end_time).toISOString(),
    location: event.location,
    body: pageOf(event, invite),
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params.toString()}`;
}
