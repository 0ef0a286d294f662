import { lazy, Suspense, useCallback, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { PageLoading } from '@/components/PageLoading';
import { paths } from '@/config/paths';
import { nestedErrors, serverMessages, slowDownMessage, statusOf, type FieldErrors, said } from '@/lib/errors';
import { session } from '@/lib/storage';
import { useLoggedIn } from '@/lib/useLoggedIn';
import { withNextPage } from '@/lib/nextPage';
import { standingText } from '@/lib/registrationWords';
import type { TurnoutEvent } from '@/types/api';
import { confirmToast } from '@/components/confirmToast';
import { useDocumentTitle } from '@/lib/documentTitle';
import { setQueryData, useQuery } from '@/lib/query';
import { timeIn } from '@/lib/time';
import type { MessageId } from '@/i18n/ids';
import { T, useLocale, useT, type Translate } from '@/i18n/react';
import { TicketCode } from '@/components/TicketCode';
import { TicketLinkActions } from '@/components/TicketLinkActions';
import { cancelRegistration, myRegistration, registerForEvent, type MyRegistration } from '@/api/events';
import { useEvent } from '@/api/useEvents';
import { AddToCalendar } from './AddToCalendar';
import { AnswerList } from '@/components/AnswerList';
import { GIVING_UP, RegistrationButton } from './RegistrationButton';
import { questionsReady, RegistrationQuestions, type AnswerDraft } from './RegistrationQuestions';
import { EventBanner } from '@/components/EventBanner';
import { EventFacts } from './EventFacts';
import { HostCard } from './HostCard';
import { SeriesDates } from './SeriesDates';
import { ShareEvent } from './ShareEvent';
import { availabilityOf, eventFromState } from '@/lib/eventInfo';
import { AvailabilityBadge } from '@/components/AvailabilityBadge';
import { recentRegistration, rememberRegistration, withMyChange } from '@/lib/myRegistrations';

// Registering without an account, offered to signed-out visitors only: its
// own chunk, loaded when shown.
const GuestRegistration = lazy(() => import('./GuestRegistration'));

// The event comes in navigation state from the list; a shared link
// (?id=...) loads it instead.
export default function EventDetailPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = eventFromState(location.state);
  const id = params.get('id');
  // A private event's invite link carries its code.
  const invite = params.get('invite') ?? '';

  if (fromState && (!id || id === fromState.id)) return <EventDetail key={fromState.id} initial={fromState} invite={invite} />;
  if (id) return <EventLoader key={`${id}:${invite}`} id={id} invite={invite} />;
  return <NoEvent />;
}

function NoEvent() {
  const t = useT();
  useDocumentTitle(t('events.eventTitle'));
  return (
    <div className="page">
      <div className="card mx-auto max-w-lg text-center">
        <h1 className="mb-4 text-lg font-medium text-slate-900">{t('events.noDetails')}</h1>
        <Link to={paths.events} className="btn-secondary">
          {t('events.browseEvents')}
        </Link>
      </div>
    </div>
  );
}

function EventLoader({ id, invite }: { id: string; invite: string }) {
  const t = useT();
  const query = useEvent(id, invite);
  useDocumentTitle(query.status === 'ready' ? query.data.title : t('events.eventTitle'));

  if (query.status === 'loading') return <PageLoading label={t('events.loadingEvent')} />;
  if (query.status === 'ready') return <EventDetail initial={query.data} invite={invite} />;
  return (
    <div className="page">
      <div role="alert" className="card mx-auto max-w-lg text-center">
        {statusOf(query.error) === 404 ? (
          <>
            <h1 className="mb-4 text-slate-800">{t('events.notFound')}</h1>
            {/* A private event opens for the people registered: they may
                only need to log in (the page is the same either way, so
                nothing is told of whether it exists). */}
            {!session.isLoggedIn() && (
              <p className="mb-4 text-sm text-slate-700">
                <T id={'events.logInToSee'} components={{ 0: <Link to={withNextPage(paths.login, paths.eventDetail(id, invite))} className="text-indigo-700 underline" /> }} />
              </p>
            )}
          </>
        ) : (
          <>
            <h1 className="mb-4 text-slate-800">{t('events.loadFailed')}</h1>
            <button type="button" className="btn-secondary me-2" onClick={query.retry}>
              {t('events.tryAgain')}
            </button>
          </>
        )}
        <Link to={paths.events} className="btn-secondary">
          {t('events.browseEvents')}
        </Link>
      </div>
    </div>
  );
}

const NOT_OPEN_REASON = {
  full: 'events.notOpenFull',
  started: 'events.notOpenStarted',
  cancelled: 'events.notOpenCancelled',
} as const satisfies Record<string, MessageId>;

// The signed-in person's registration for the event: undefined until known,
// then where they stand or null. Their own recent change answers at once; a
// failed check is only logged (registering still works: the server says if
// they already are).
function useMyRegistration(eventId: string): [MyRegistration | null | undefined, (r: MyRegistration | null) => void] {
  const key = `my-registration:${eventId}`;
  const query = useQuery(key, () => (session.isLoggedIn() ? myRegistration(eventId) : Promise.resolve(null)), {
    onError: (error) => console.error('load my registration', error),
  });
  const recent = recentRegistration(eventId);
  const known =
    query.status === 'ready'
      ? query.data
      : recent && (recent.registrationId === null ? null : { id: recent.registrationId, status: recent.status ?? 'registered' });
  const set = useCallback((r: MyRegistration | null) => setQueryData(key, r), [key]);
  return [known, set];
}

type Availability = ReturnType<typeof availabilityOf>;

// What the panel says under its button, or null when the button says it all.
function registrationNote(
  t: Translate,
  event: TurnoutEvent,
  registration: MyRegistration | null | undefined,
  availability: Availability,
  canJoinWaitlist: boolean,
): string | null {
  if (event.cancelled) return t(NOT_OPEN_REASON.cancelled);
  if (registration) return standingText(registration.status, registration.position);
  if (event.approval && availability === 'open') return t('events.approvalNote');
  if (canJoinWaitlist) return t('events.waitlistNote');
  return availability === 'open' ? null : t(NOT_OPEN_REASON[availability]);
}

// Back where the visitor came from, or to the list when this page began the visit.
function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    // The first entry of a visit has the key "default": nothing to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.events);
  };
}

// Back where the visitor came from; its arrow points back in either direction of text.
function BackButton() {
  const t = useT();
  const goBack = useGoBack();
  return (
    <button type="button" className="btn-secondary mb-6" onClick={goBack}>
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        &larr;
      </span>{' '}
      {t('events.back')}
    </button>
  );
}

function EventDetail({ initial, invite = '' }: { initial: TurnoutEvent; invite?: string }) {
  const t = useT();
  const [event, setEvent] = useState(() => withMyChange(initial));
  const [registration, setRegistration] = useMyRegistration(event.id);
  // Where focus goes when the button pressed gives way to another.
  const status = useRef<HTMLParagraphElement>(null);
  const [answers, setAnswers] = useState<AnswerDraft>({});
  const [answerErrors, setAnswerErrors] = useState<FieldErrors>({});
  const { busy, register, cancel } = useRegistrationActions(event, invite, setEvent, setRegistration, status, setAnswerErrors);
  const availability = availabilityOf(event);
  // A full event with a waitlist still takes people, into its queue.
  const canJoinWaitlist = availability === 'full' && event.waitlist === true && !registration;
  const takesRegistrations = !registration && (availability === 'open' || canJoinWaitlist);
  // A signed-out visitor may register as a guest, or log in to register.
  const loggedIn = useLoggedIn();
  // Its questions, asked before registering (a guest answers them in the guest's form).
  const asking = (event.questions?.length ?? 0) > 0 && takesRegistrations && loggedIn;
  useDocumentTitle(event.title);

  const note = registrationNote(t, event, registration, availability, canJoinWaitlist);
  return (
    // Room at the bottom on phones for the fixed action bar (index.css
    // keeps focus and scrolled-to things as far above it).
    <div className="page max-lg:pb-32">
      <BackButton />
      {/* One column on phones (the call to action right under the title);
          on wide screens the action panel stays beside the text. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <EventHeader event={event} />

        <aside aria-label={t('events.registrationPanel')} className="card min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {/* On phones the action is a bar fixed at the bottom, always in
              reach; on wide screens it heads this panel. */}
          <div
            data-action-bar
            className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:border-t max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-4px_12px_rgb(0_0_0/0.06)]"
          >
            <div className="flex items-center justify-between gap-3 lg:block">
              <p className="text-sm font-medium">
                <AvailabilityBadge event={event} />
              </p>
              {/* A called-off event holds nothing to cancel or bring to the door. */}
              {registration && event.cancelled ? null : (
                <RegistrationButton
                  registration={registration}
                  busy={busy}
                  disabled={availability !== 'open' && !canJoinWaitlist}
                  canJoinWaitlist={canJoinWaitlist}
                  approval={event.approval === true}
                  hasNote={note !== null}
                  onRegister={() => void register(asking ? answers : undefined)}
                  onCancel={(mine) => void cancel(mine)}
                />
              )}
            </div>
            {/* Takes no room until it has something to say. */}
            <p
              id="register-note"
              ref={status}
              tabIndex={-1}
              role="status"
              className={`text-sm font-medium not-empty:mt-2 focus:outline-none ${registration && !event.cancelled ? 'text-emerald-800' : 'text-slate-700'}`}
            >
              {note}
            </p>
          </div>
          {asking && <RegistrationQuestions questions={event.questions ?? []} answers={answers} errors={answerErrors} onChange={setAnswers} />}
          {!loggedIn && takesRegistrations && (
            <Suspense fallback={null}>
              <GuestRegistration event={event} invite={invite} waitlist={canJoinWaitlist} />
            </Suspense>
          )}
          <RegistrationDetails event={event} invite={invite} registration={registration} setRegistration={setRegistration} />
        </aside>

        <section aria-labelledby="about-event" className="card min-w-0 lg:col-start-1">
          <h2 id="about-event" className="type-section-title">
            {t('events.aboutEvent')}
          </h2>
          <p dir="auto" className="type-body mt-2 whitespace-pre-line">
            {event.description}
          </p>
        </section>
      </div>
    </div>
  );
}

// Registering and cancelling, with the seat count and the person's
// registration following; status takes focus from the pressed button.
function useRegistrationActions(
  event: TurnoutEvent,
  invite: string,
  setEvent: (update: (shown: TurnoutEvent) => TurnoutEvent) => void,
  setRegistration: (r: MyRegistration | null) => void,
  status: RefObject<HTMLParagraphElement | null>,
  setAnswerErrors: (errors: FieldErrors) => void,
) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  function registrationChanged(by: number, mine: MyRegistration | null) {
    const seatsLeft = Math.min(event.capacity, Math.max(0, event.seats_left + by));
    setEvent((shown) => ({ ...shown, seats_left: seatsLeft }));
    setRegistration(mine);
    rememberRegistration(event.id, mine?.id ?? null, seatsLeft, Date.now(), mine?.status);
    // The pressed button is gone: keep focus on what replaced it.
    requestAnimationFrame(() => status.current?.focus());
  }

  async function register(answers?: AnswerDraft) {
    if (busy) return;
    if (!session.isLoggedIn()) {
      // On to log in (or sign up), and back here to finish.
      toast.error(t('events.logInFirst'));
      void navigate(withNextPage(paths.login, paths.eventDetail(event.id, invite)));
      return;
    }
    if (answers && !questionsReady()) return;
    setBusy(true);
    try {
      const made = await registerForEvent(event.id, invite, answers);
      setAnswerErrors({});
      if (made.status === 'waitlisted' || made.status === 'pending') {
        // Waiting for a seat, or for the organizer: the server says which.
        toast.success(said(made));
        registrationChanged(0, { id: made.id, status: made.status, position: made.position, answers: made.answers });
      } else {
        toast.success(t('events.registered'));
        registrationChanged(-1, { id: made.id, status: 'registered', ticket: made.ticket, ticketLink: made.ticket_link, onlineUrl: made.online_url, answers: made.answers });
      }
    } catch (error) {
      // Answers the questions refused, each under its question.
      const badAnswers = nestedErrors(error, 'answers');
      if (Object.keys(badAnswers).length > 0) {
        setAnswerErrors(badAnswers);
        toast.error(t('events.checkAnswers'));
        return;
      }
      // Full, started, already registered (409), too many changes (429) or
      // too busy (503): the server's own words say what happened.
      const code = statusOf(error);
      const detail = code === 409 || code === 429 || code === 503 ? serverMessages(error)[0] : undefined;
      toast.error(detail ?? t('events.registerFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function cancel(mine: MyRegistration) {
    if (busy) return;
    const words = GIVING_UP[mine.status];
    // Words that say what each choice does; the safe one has focus.
    const confirmed = await confirmToast(t(words.question, { title: event.title }), { confirm: t(words.confirm), cancel: t(words.keep) });
    if (!confirmed) return;
    setBusy(true);
    const id = toast.loading(t(words.loading));
    try {
      await cancelRegistration(mine.id);
      toast.success(t(words.done), { id });
      // A seat given back may go straight to the first person waiting.
      registrationChanged(mine.status !== 'registered' || event.waitlist ? 0 : +1, null);
    } catch (error) {
      console.error('cancel registration', error);
      toast.error(slowDownMessage(error) ?? t(words.failed), { id });
    } finally {
      setBusy(false);
    }
  }

  return { busy, register, cancel };
}

function EventHeader({ event }: { event: TurnoutEvent }) {
  return (
    <header className="min-w-0 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:col-start-1">
      <EventBanner event={event} className="aspect-[5/2] w-full" priority />
      <div className="p-6">
        <h1 dir="auto" className="type-page-title">
          {event.title}
        </h1>
        <EventFacts event={event} />
        {event.series && <SeriesDates event={event} />}
      </div>
      {event.organization?.name && (
        <div className="border-t border-slate-200 px-6 py-4">
          <HostCard organization={event.organization} />
        </div>
      )}
    </header>
  );
}

// What follows the action bar: why a cancelled event was called off, the
// ticket, calendar and sharing, and the times; on phones the card's own
// top padding is its gap.
function RegistrationDetails({
  event,
  invite,
  registration,
  setRegistration,
}: {
  event: TurnoutEvent;
  invite: string;
  registration: MyRegistration | null | undefined;
  setRegistration: (r: MyRegistration | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const ticketed = !event.cancelled && registration?.status === 'registered';
  return (
    <div className="max-lg:[&>:first-child]:mt-0">
      {event.cancelled && event.cancel_reason && (
        <figure aria-labelledby="cancel-reason" className="mt-3 border-s-4 border-amber-300 ps-3 text-sm">
          <figcaption id="cancel-reason" className="font-semibold text-slate-900">
            {t('events.cancelReason')}
          </figcaption>
          <blockquote className="mt-1 break-words whitespace-pre-line text-slate-800">{event.cancel_reason}</blockquote>
        </figure>
      )}
      {ticketed && registration.onlineUrl && <JoinOnline link={registration.onlineUrl} />}
      {registration?.answers && registration.answers.length > 0 && <YourAnswers answers={registration.answers} />}
      {ticketed && registration.ticket && <TicketCode code={registration.ticket} title={event.title} />}
      {ticketed && registration.ticketLink && (
        <TicketLinkActions registrationId={registration.id} link={registration.ticketLink} onReset={(ticketLink) => setRegistration({ ...registration, ticketLink })} />
      )}
      {!event.cancelled && <AddToCalendar event={event} invite={invite} />}
      <ShareEvent event={event} invite={invite} />
      <dl className="mt-1 grid grid-cols-2 gap-3 border-t border-slate-200 pt-4">
        <Detail term={t('events.startTime')} value={timeIn(event.start_time, event.time_zone, locale)} />
        <Detail term={t('events.endTime')} value={timeIn(event.end_time, event.time_zone, locale)} />
        <Detail term={t('events.capacity')} value={new Intl.NumberFormat(locale).format(event.capacity)} />
      </dl>
    </div>
  );
}

// What the person answered the event's questions.
function YourAnswers({ answers }: { answers: NonNullable<MyRegistration['answers']> }) {
  const t = useT();
  return (
    <section aria-labelledby="your-answers" className="mt-3 text-sm">
      <h2 id="your-answers" className="font-semibold text-slate-900">
        {t('events.yourAnswers')}
      </h2>
      <AnswerList answers={answers} className="mt-1" />
    </section>
  );
}

// The online event's link, for the person holding a seat.
function JoinOnline({ link }: { link: string }) {
  const t = useT();
  return (
    <section aria-labelledby="join-online" className="mt-3 rounded-lg bg-indigo-50 p-3 ring-1 ring-indigo-200">
      <h2 id="join-online" className="text-sm font-semibold text-slate-900">
        {t('events.joinOnline')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('events.joinOnlineNote')}</p>
      <a href={link} target="_blank" rel="noopener noreferrer" className="btn-primary mt-2 w-full break-all">
        <T id={'events.openOnlineLink'} components={{ 0: <span className="sr-only" /> }} />
      </a>
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="type-label">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{value}</dd>
    </div>
  );
}
