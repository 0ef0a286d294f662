import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { formErrorsOf, type FormErrorReport } from '@/lib/errors';
import { paths } from '@/config/paths';
import { uploadImage } from '@/lib/upload';
import type { TurnoutEvent } from '@/types/api';
import { invalidateQuery, useQuery } from '@/lib/query';
import { eventFormData, getEvent, updateEvent } from './api';
import { EventForm } from './components/EventForm';
import { draftOf, EVENT_FIELD_OF, type EventFormValues } from './eventFormValues';
import { toLocalInput } from './eventTimes';
import { eventFromState } from './navigationState';
import { useDocumentTitle } from '@/lib/documentTitle';
import { Editors } from './components/Editors';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';

const noErrors: FormErrorReport = { fields: {}, others: [] };

function formValuesOf(event: TurnoutEvent): EventFormValues {
  return {
    title: event.title ?? '',
    location: event.location ?? '',
    description: event.description ?? '',
    start_time: toLocalInput(event.start_time, event.time_zone),
    end_time: toLocalInput(event.end_time, event.time_zone),
    capacity: event.capacity == null ? '' : String(event.capacity),
    waitlist: event.waitlist === true,
    approval: event.approval === true,
    category: event.category || 'other',
    city: event.city ?? '',
    latitude: event.latitude == null ? '' : String(event.latitude),
    longitude: event.longitude == null ? '' : String(event.longitude),
    time_zone: event.time_zone ?? '',
    language: event.language ?? '',
    visibility: event.visibility ?? 'public',
    online_url: event.online_url ?? '',
    questions: (event.questions ?? []).map(draftOf),
    repeat: '',
  };
}

// The event comes in navigation state from the events list; opened by its
// URL (?id=, a reload or a bookmark) it is loaded first.
export default function EventUpdatePage() {
  const t = useT();
  useDocumentTitle(t('dashboard.update.documentTitle'));
  const fromState = eventFromState(useLocation().state);
  const id = useSearchParams()[0].get('id') ?? fromState?.id;
  return (
    <section aria-labelledby="update-event">
      <h1 id="update-event" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        {t('dashboard.update.title')}
      </h1>
      {/* Only the organizer's own read of the event has its online and
          invite links; the list's copy in navigation state has neither. */}
      {fromState && id === fromState.id && ownerRead(fromState) ? (
        <EventUpdateForm event={fromState} />
      ) : id ? (
        <EventLoader key={id} id={id} />
      ) : (
        <NoEvent />
      )}
    </section>
  );
}

const ownerRead = (event: TurnoutEvent) => event.online_url !== undefined;

function NoEvent() {
  const t = useT();
  return (
    <div className="card">
      <p className="text-slate-700">{t('dashboard.update.noEvent')}</p>
      <Link to={paths.dashboardEvents} className="btn-secondary mt-4">
        {t('dashboard.update.backToEvents')}
      </Link>
    </div>
  );
}

function EventLoader({ id }: { id: string }) {
  const t = useT();
  const query = useQuery(editedEventKey(id), () => getEvent(id), { onError: (error) => console.error('load event to edit', error) });
  if (query.status === 'loading') return <p role="status" className="text-slate-600">{t('dashboard.update.loading')}</p>;
  if (query.status === 'error') return <NoEvent />;
  return <EventUpdateForm event={query.data} />;
}

const editedEventKey = (id: string) => `dashboard-event:${id}`;

function EventUpdateForm({ event }: { event: TurnoutEvent }) {
  const t = useT();
  const [initial] = useState(() => formValuesOf(event));
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FormErrorReport>(noErrors);
  // An occurrence of a series changes alone, or with every later one.
  const [scope, setScope] = useState<'this' | 'following'>('this');

  async function update(values: EventFormValues, banner: File | null) {
    setSaving(true);
    setErrors(noErrors);
    try {
      const bannerKey = banner ? await uploadImage('banner', banner) : null;
      const form = eventFormData(values, bannerKey, initial);
      if (scope === 'following') form.append('scope', 'following');
      await updateEvent(event.id, form);
      // A later visit by URL shows the event as it is now.
      invalidateQuery(editedEventKey(event.id));
      toast.success(translate('dashboard.update.updated'));
      void navigate(paths.dashboardEvents);
    } catch (error) {
      console.error('update event', error);
      toast.error(translate('dashboard.update.failed'));
      setErrors(formErrorsOf(error, EVENT_FIELD_OF));
      setSaving(false);
    }
  }

  return (
    <div className="card">
      <Editors of={event} />
      {event.series && <ScopeChoice scope={scope} onChange={setScope} />}
      <EventForm
        name={t('dashboard.update.formName')}
        initial={initial}
        submitLabel={t('dashboard.update.submit')}
        saving={saving}
        errors={errors}
        currentBanner={event.banner_url ? { url: event.banner_url, alt: t('dashboard.update.currentBannerAlt', { title: event.title }) } : null}
        eventId={event.id}
        inviteUrl={event.invite_url ?? null}
        wasListed={(event.visibility ?? 'public') === 'public'}
        onSubmit={(values, banner) => void update(values, banner)}
      />
    </div>
  );
}

// Whether an edit of an occurrence changes it alone or it and every later
// one of its series (each on its own date, at the new time of day).
function ScopeChoice({ scope, onChange }: { scope: 'this' | 'following'; onChange: (scope: 'this' | 'following') => void }) {
  const t = useT();
  return (
    <fieldset className="mb-4 rounded-lg bg-indigo-50 p-3">
      <legend className="sr-only">{t('dashboard.update.scopeLegend')}</legend>
      <p className="mb-2 text-sm font-medium text-indigo-900">{t('dashboard.update.scopeIntro')}</p>
      <div className="flex flex-wrap gap-4 text-sm text-slate-800">
        {(
          [
            ['this', 'dashboard.update.scopeThis'],
            ['following', 'dashboard.update.scopeFollowing'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => onChange(value)} />
            {t(label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
