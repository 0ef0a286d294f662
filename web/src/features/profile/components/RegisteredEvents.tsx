import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import type { RegisteredEvent } from '@/types/api';
import { cancelRegistration } from '@/api/events';
import { slowDownMessage } from '@/lib/errors';
import { rememberRegistration } from '@/lib/myRegistrations';
import { useRegisteredEvents } from '../hooks';
import { EventTime } from '@/components/EventTime';
import { ListStatus, LoadMore } from '@/components/ListStatus';
import { useT } from '@/i18n/react';

export function RegisteredEvents({ userId }: { userId: string }) {
  const t = useT();
  const { status, events, remove, retry, more, loadingMore } = useRegisteredEvents(userId);
  const [cancelling, setCancelling] = useState<string | null>(null);
  // Where keyboard focus goes when the focused item's button disappears.
  const heading = useRef<HTMLHeadingElement>(null);

  async function cancel(item: RegisteredEvent) {
    const confirmed = await confirmToast(t('profile.cancelRegistrationQuestion', { title: item.title }), {
      confirm: t('profile.confirm'),
      cancel: t('profile.cancelDialogBack'),
    });
    if (!confirmed) return;
    setCancelling(item.id);
    const id = toast.loading(t('profile.cancellingRegistration'));
    try {
      await cancelRegistration(item.id);
      rememberRegistration(item.event_id, null);
      remove(item.id);
      heading.current?.focus();
      toast.success(t('profile.registrationCancelled'), { id });
    } catch (error) {
      console.error('cancel registration', error);
      toast.error(slowDownMessage(error) ?? t('profile.cancelRegistrationFailed'), { id });
    } finally {
      setCancelling(null);
    }
  }

  return (
    <section aria-labelledby="registered-events" className="card mt-6">
      <h2 id="registered-events" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold text-slate-900 focus:outline-none">
        {t('profile.registeredEventsTitle')}
      </h2>
      <ListStatus status={status} retry={retry} loadingText={t('profile.loadingEvents')} what={t('profile.registeredEventsWhat')} />
      {status === 'ready' && events.length === 0 && (
        <div>
          <p className="text-slate-700">{t('profile.noRegisteredEvents')}</p>
          <Link to={paths.events} className="btn-secondary mt-3">
            {t('profile.browseEvents')}
          </Link>
        </div>
      )}
      {status === 'ready' && events.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {events.map((item) => {
            const titleId = `registration-${item.id}`;
            return (
              <li key={item.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
                <RegistrationSummary item={item} titleId={titleId} />
                {/* The buttons keep their size however long the title. */}
                <div className="flex shrink-0 gap-2 self-start sm:self-auto">
                  {item.status === 'registered' && !item.cancelled && (
                    <Link to={paths.eventDetail(item.event_id)} className="btn-secondary" aria-describedby={titleId}>
                      {t('profile.ticket')}
                    </Link>
                  )}
                  <button
                    type="button"
                    className="btn-danger"
                    aria-describedby={titleId}
                    disabled={cancelling === item.id}
                    onClick={() => void cancel(item)}
                  >
                    {t('profile.deleteRegistration')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {status === 'ready' && <LoadMore more={more} loadingMore={loadingMore} />}
    </section>
  );
}

// The event of a registration: its title (with the registration's state),
// time and place.
function RegistrationSummary({ item, titleId }: { item: RegisteredEvent; titleId: string }) {
  const t = useT();
  return (
    <div className="min-w-0">
      <p id={titleId} className="font-medium text-slate-900">
        {item.title}
        {item.status === 'waitlisted' && (
          <span className="ms-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
            {item.position ? t('profile.waitlistedAt', { position: item.position }) : t('profile.waitlisted')}
          </span>
        )}
        {item.status === 'pending' && (
          <span className="ms-2 inline-block rounded-full bg-sky-100 px-2 py-0.5 align-middle text-xs font-semibold text-sky-900">{t('profile.awaitingApproval')}</span>
        )}
        {item.cancelled && (
          <span className="ms-2 inline-block rounded-full bg-red-100 px-2 py-0.5 align-middle text-xs font-semibold text-red-900">
            {t('profile.cancelled')}
          </span>
        )}
      </p>
      {item.start_time && (
        <p className="text-sm text-slate-600">
          <EventTime start={item.start_time} end={item.end_time} zone={item.time_zone} />
        </p>
      )}
      {item.location && <p className="text-sm text-slate-600">{item.location}</p>}
    </div>
  );
}
