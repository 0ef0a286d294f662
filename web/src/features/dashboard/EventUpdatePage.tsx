import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { formErrorsOf, type FormErrorReport } from '@/lib/errors';
import { paths } from '@/config/paths';
import { uploadImage } from '@/lib/upload';
import type { TurnoutEvent } from '@/types/api';
import { eventFormData, updateEvent } from './api';
import { EventForm } from './components/EventForm';
import { EVENT_FIELD_OF, type EventFormValues } from './eventFormValues';
import { toLocalInput } from './eventTimes';
import { eventFromState } from './navigationState';
import { useDocumentTitle } from '@/lib/documentTitle';

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
    category: event.category || 'other',
    city: event.city ?? '',
    latitude: event.latitude == null ? '' : String(event.latitude),
    longitude: event.longitude == null ? '' : String(event.longitude),
    time_zone: event.time_zone ?? '',
  };
}

export default function EventUpdatePage() {
  useDocumentTitle('Update Event · Dashboard');
  const event = eventFromState(useLocation().state);
  return (
    <section aria-labelledby="update-event">
      <h1 id="update-event" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        Update Event
      </h1>
      {event ? (
        <EventUpdateForm event={event} />
      ) : (
        <div className="card">
          <p className="text-slate-700">No event data found. Choose an event to edit from your events.</p>
          <Link to={paths.dashboardEvents} className="btn-secondary mt-4">
            Back to Events
          </Link>
        </div>
      )}
    </section>
  );
}

function EventUpdateForm({ event }: { event: TurnoutEvent }) {
  const [initial] = useState(() => formValuesOf(event));
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FormErrorReport>(noErrors);

  async function update(values: EventFormValues, banner: File | null) {
    setSaving(true);
    setErrors(noErrors);
    try {
      const bannerKey = banner ? await uploadImage('banner', banner) : null;
      await updateEvent(event.id, eventFormData(values, bannerKey, initial));
      toast.success('Event updated successfully!');
      void navigate(paths.dashboardEvents);
    } catch (error) {
      console.error('update event', error);
      toast.error('Failed to update event. Please check your input.');
      setErrors(formErrorsOf(error, EVENT_FIELD_OF));
      setSaving(false);
    }
  }

  return (
    <div className="card">
      <EventForm
        name="Update event"
        initial={initial}
        submitLabel="Update Event"
        saving={saving}
        errors={errors}
        currentBanner={event.banner_url ? { url: event.banner_url, alt: `Current banner of ${event.title}` } : null}
        onSubmit={(values, banner) => void update(values, banner)}
      />
    </div>
  );
}
