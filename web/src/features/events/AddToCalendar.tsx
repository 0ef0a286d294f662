import type { TurnoutEvent } from '@/types/api';
import { useT } from '@/i18n/react';
import { googleCalendarLink, icsLink, outlookCalendarLink } from './calendarLinks';

// "Add to calendar": a disclosure (no script needed to open it) with the
// event's .ics file and the Google Calendar and Outlook forms.
// invite: a private event's code, which its links need.
export function AddToCalendar({ event, invite = '' }: { event: TurnoutEvent; invite?: string }) {
  const t = useT();
  const linkClass = 'block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700';
  return (
    <details className="group relative mt-3">
      <summary className="btn-secondary w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden">{t('events.addToCalendar')}</summary>
      <ul className="mt-2 grid gap-1 rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-200">
        <li>
          <a className={linkClass} href={icsLink(event, invite)} download>
            {t('events.downloadIcs')}
          </a>
        </li>
        <li>
          <a className={linkClass} href={googleCalendarLink(event, invite)} target="_blank" rel="noopener noreferrer">
            Google Calendar
          </a>
        </li>
        <li>
          <a className={linkClass} href={outlookCalendarLink(event, invite)} target="_blank" rel="noopener noreferrer">
            Outlook.com
          </a>
        </li>
      </ul>
    </details>
  );
}
