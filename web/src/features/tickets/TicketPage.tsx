import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { statusOf } from '@/lib/errors';
import { useQuery } from '@/lib/query';
import { localTime } from '@/lib/time';
import { EventTime } from '@/components/EventTime';
import { openTicket } from '@/api/tickets';
import { TicketCode } from '@/components/TicketCode';

// A ticket's own page, opened from the mail's link without a login: the
// event, the holder's name and the QR code to show at the door. Nothing
// else of the person; search engines are asked not to list it.
export default function TicketPage() {
  const secret = useSearchParams()[0].get('t') ?? '';
  const ticket = useQuery(`ticket:${secret}`, () => openTicket(secret), { onError: (error) => statusOf(error) !== 404 && console.error('open ticket', error) });
  useDocumentTitle(ticket.status === 'ready' ? `Ticket for ${ticket.data.event.title}` : 'Ticket');

  return (
    <div className="page mx-auto max-w-md">
      <meta name="robots" content="noindex" />
      {ticket.status === 'loading' && (
        <p role="status" className="text-slate-600">
          Loading your ticket...
        </p>
      )}
      {ticket.status === 'error' && (
        <div role="alert" className="card">
          <h1 className="text-xl font-bold text-slate-900">Ticket not found</h1>
          <p className="mt-2 text-slate-700">
            {statusOf(ticket.error) === 404
              ? 'This ticket link is no longer valid. Open the event from your registrations to see your ticket.'
              : 'Your ticket could not be loaded. Please try again.'}
          </p>
          {statusOf(ticket.error) !== 404 && (
            <button type="button" className="btn-secondary mt-3" onClick={ticket.retry}>
              Try again
            </button>
          )}
        </div>
      )}
      {ticket.status === 'ready' && (
        <article className="card text-center" aria-labelledby="ticket-title">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Ticket</p>
          <h1 id="ticket-title" className="mt-1 text-2xl font-bold break-words text-slate-900">
            {ticket.data.event.title}
          </h1>
          <p className="mt-2 font-medium text-slate-800">
            <EventTime start={ticket.data.event.start_time} end={ticket.data.event.end_time} zone={ticket.data.event.time_zone || undefined} />
          </p>
          <p className="break-words text-slate-700">{ticket.data.event.location}</p>
          <p className="mt-3 text-lg font-semibold text-slate-900">{ticket.data.name}</p>
          {ticket.data.event.cancelled || !ticket.data.ticket ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-800">
              This event has been cancelled.
            </p>
          ) : (
            <TicketCode code={ticket.data.ticket} title={ticket.data.event.title} />
          )}
          {ticket.data.checked_in_at && <p className="mt-3 text-sm text-emerald-800">Checked in at {localTime(ticket.data.checked_in_at)}.</p>}
          <p className="mt-4 text-sm">
            <Link to={paths.eventDetail(ticket.data.event.id)} className="font-medium text-indigo-700 underline">
              About the event
            </Link>
          </p>
        </article>
      )}
    </div>
  );
}
