import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AnswerList } from '@/components/AnswerList';
import { EventTime } from '@/components/EventTime';
import { TicketCode } from '@/components/TicketCode';
import { paths } from '@/config/paths';
import { managedCalendarLink, type ManagedRegistration } from '@/api/guests';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages, statusOf } from '@/lib/errors';
import { whereOf } from '@/lib/eventInfo';
import { localTime } from '@/lib/time';
import type { MessageId } from '@/i18n/ids';
import { T, useLocale, useT } from '@/i18n/react';
import { forgetManagedRegistration, useGiveUp, useManagedRegistration } from './hooks';
import { inAppPath } from './links';
import { standingText } from '@/lib/registrationWords';
import { GIVING_UP } from './words';

type ManagedEvent = ManagedRegistration['event'];
// A registration given up: its event, and what the page says of it.
type Given = { event: ManagedEvent; done: MessageId };

// A registration's own page, opened from the private manage link mailed to
// its person without a login (a guest has none): the event, where they
// stand, the ticket, their answers, the calendar file and the way to give
// it up. Search engines are asked not to list it.
export default function ManageRegistrationPage() {
  const secret = useSearchParams()[0].get('t') ?? '';
  // Once given up, the link ends: the page says so and asks no more.
  const [cancelled, setCancelled] = useState<Given | null>(null);

  return (
    <div className="page mx-auto max-w-md">
      <meta name="robots" content="noindex" />
      {cancelled ? (
        <Cancelled secret={secret} {...cancelled} />
      ) : secret ? (
        <Manage key={secret} secret={secret} onCancelled={setCancelled} />
      ) : (
        <MissingSecret />
      )}
    </div>
  );
}

function Manage({ secret, onCancelled }: { secret: string; onCancelled: (c: Given) => void }) {
  const t = useT();
  const managed = useManagedRegistration(secret);
  useDocumentTitle(managed.status === 'ready' ? t('rsvp.documentTitleFor', { title: managed.data.event.title }) : t('rsvp.yourRegistration'));

  if (managed.status === 'loading')
    return (
      <p role="status" className="text-slate-600">
        {t('rsvp.loading')}
      </p>
    );
  if (managed.status === 'ready') return <Registration secret={secret} managed={managed.data} onCancelled={onCancelled} />;
  if (statusOf(managed.error) === 404) return <NotFound message={serverMessages(managed.error)[0] ?? t('rsvp.linkNotValid')} />;
  return (
    <div role="alert" className="card">
      <h1 className="text-xl font-bold text-slate-900">{t('rsvp.yourRegistration')}</h1>
      <p className="mt-2 text-slate-700">{t('rsvp.loadFailed')}</p>
      <button type="button" className="btn-secondary mt-3" onClick={managed.retry}>
        {t('rsvp.tryAgain')}
      </button>
    </div>
  );
}

// A link cut short: nothing to ask the API.
function MissingSecret() {
  const t = useT();
  useDocumentTitle(t('rsvp.yourRegistration'));
  return <NotFound message={t('rsvp.linkNotValid')} />;
}

function NotFound({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="card">
      <h1 className="text-xl font-bold text-slate-900">{t('rsvp.notFound')}</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      <p className="mt-4 text-sm">
        <Link to={paths.events} className="font-medium text-indigo-700 underline">
          {t('rsvp.browseEvents')}
        </Link>
      </p>
    </div>
  );
}

function Registration({ secret, managed, onCancelled }: { secret: string; managed: ManagedRegistration; onCancelled: (c: Given) => void }) {
  const t = useT();
  const locale = useLocale();
  const { event, registration: r } = managed;
  const { busy, giveUp, words } = useGiveUp(secret, managed, () => onCancelled({ event, done: GIVING_UP[r.status].done }));
  const seat = !event.cancelled && r.status === 'registered';
  return (
    <article className="card" aria-labelledby="registration-title">
      <EventSummary event={event} label={t('rsvp.yourRegistration')} />
      <p className="mt-3 text-lg font-semibold break-words text-slate-900">{managed.name}</p>
      <p className="text-sm break-words text-slate-600">{managed.email}</p>
      {event.cancelled ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {t('rsvp.eventCancelled')}
        </p>
      ) : (
        <p className="mt-3 font-medium text-emerald-800">{standingText(r.status, r.position)}</p>
      )}
      {seat && r.ticket && <TicketCode code={r.ticket} title={event.title} />}
      {r.checked_in_at && <p className="mt-3 text-sm text-emerald-800">{t('rsvp.checkedInAt', { time: localTime(r.checked_in_at, locale) })}</p>}
      {seat && r.online_url && (
        <a href={r.online_url} target="_blank" rel="noopener noreferrer" className="btn-primary mt-3 w-full break-all">
          <T id={'rsvp.joinOnline'} components={{ 0: <span className="sr-only" /> }} />
        </a>
      )}
      {r.answers.length > 0 && (
        <section aria-labelledby="your-answers" className="mt-4 text-sm">
          <h2 id="your-answers" className="font-semibold text-slate-900">
            {t('rsvp.yourAnswers')}
          </h2>
          <AnswerList answers={r.answers} className="mt-1" />
        </section>
      )}
      {!event.cancelled && (
        <div className="mt-4 grid gap-2">
          <a href={managedCalendarLink(secret)} download className="btn-secondary w-full">
            {t('rsvp.addToCalendar')}
          </a>
          {/* Giving up a seat or a place in the queue destroys something: the one red action. */}
          <button
            type="button"
            className="btn-secondary w-full text-red-700 ring-red-300 hover:bg-red-50 focus-visible:outline-red-700"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void giveUp()}
          >
            {t(words.button)}
          </button>
        </div>
      )}
    </article>
  );
}

// The event's page as this person opens it (a private event's with its
// invite code).
const eventPageOf = (event: ManagedEvent) => inAppPath(event.page_url, paths.eventDetail(event.id));

// The event at the head of the page: its title, linking its page, when
// (in its zone) and where.
function EventSummary({ event, label }: { event: ManagedEvent; label: string }) {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{label}</p>
      <h1 id="registration-title" className="mt-1 text-2xl font-bold break-words text-slate-900">
        <Link to={eventPageOf(event)} className="hover:underline">
          {event.title}
        </Link>
      </h1>
      <p className="mt-2 font-medium text-slate-800">
        <EventTime start={event.start_time} end={event.end_time} zone={event.time_zone || undefined} />
      </p>
      <p className="break-words text-slate-700">{whereOf(event)}</p>
    </>
  );
}

function Cancelled({ secret, event, done }: { secret: string } & Given) {
  const t = useT();
  useDocumentTitle(t('rsvp.documentTitleFor', { title: event.title }));
  // The page that showed the registration is gone: what it loaded is
  // dropped, not asked again of a link that no longer opens anything.
  useEffect(() => {
    forgetManagedRegistration(secret);
  }, [secret]);
  // The pressed button is gone: focus goes to what replaced it.
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => status.current?.focus(), []);
  return (
    <article className="card" aria-labelledby="registration-title">
      <EventSummary event={event} label={t('rsvp.yourRegistration')} />
      <p ref={status} tabIndex={-1} role="status" className="mt-3 font-medium text-slate-900 focus:outline-none">
        {t(done)}
      </p>
      <p className="mt-4">
        <Link to={eventPageOf(event)} className="btn-secondary">
          {t('rsvp.viewEvent')}
        </Link>
      </p>
    </article>
  );
}
