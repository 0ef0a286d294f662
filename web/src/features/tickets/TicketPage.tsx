import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { statusOf } from '@/lib/errors';
import { useQuery } from '@/lib/query';
import { localTime } from '@/lib/time';
import { EventTime } from '@/components/EventTime';
import { openTicket } from '@/api/tickets';
import { TicketCode } from '@/components/TicketCode';
import { useLocale, useT } from '@/i18n/react';

// A ticket's own page, opened from the mail's link without a login: the
// event, the holder's name and the QR code to show at the door. Nothing
// else of the person; search engines are asked not to list it.
export default function TicketPage() {
  const t = useT();
  const locale = useLocale();
  const secret = useSearchParams()[0].get('t') ?? '';
  const ticket = useQuery(`ticket:${secret}`, () => openTicket(secret), { onError: (error) => statusOf(error) !== 404 && console.error('open ticket', error) });
  useDocumentTitle(ticket.status === 'ready' ? t('tickets.documentTitleFor', { title: ticket.data.event.title }) : t('tickets.documentTitle'));

  return (
    <div className="page mx-auto max-w-md">
      <meta name="robots" content="noindex" />
      {ticket.status === 'loading' && (
        <p role="status" className="text-slate-600">
          {t('tickets.loading')}
        </p>
      )}
      {ticket.status === 'error' && (
        <div role="alert" className="card">
          <h1 className="text-xl font-bold text-slate-900">{t('tickets.notFound')}</h1>
          <p className="mt-2 text-slate-700">
            {statusOf(ticket.error) === 404 ? t('tickets.linkNotValid') : t('tickets.loadFailed')}
          </p>
          {statusOf(ticket.error) !== 404 && (
            <button type="button" className="btn-secondary mt-3" onClick={ticket.retry}>
              {t('tickets.tryAgain')}
            </button>
          )}
        </div>
      )}
      {ticket.status === 'ready' && (
        <article className="card text-center" aria-labelledby="ticket-title">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{t('tickets.label')}</p>
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
              {t('tickets.eventCancelled')}
            </p>
          ) : (
            <TicketCode code={ticket.data.ticket} title={ticket.data.event.title} />
          )}
          {ticket.data.checked_in_at && <p className="mt-3 text-sm text-emerald-800">{t('tickets.checkedInAt', { time: localTime(ticket.data.checked_in_at, locale) })}</p>}
          <p className="mt-4 text-sm">
            <Link to={paths.eventDetail(ticket.data.event.id)} className="font-medium text-indigo-700 underline">
              {t('tickets.aboutEvent')}
            </Link>
          </p>
        </article>
      )}
    </div>
  );
}
