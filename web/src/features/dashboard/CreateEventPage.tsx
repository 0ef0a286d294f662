import { useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { formErrorsOf, type FormErrorReport } from '@/lib/errors';
import { paths } from '@/config/paths';
import { uploadImage } from '@/lib/upload';
import { createEvent, eventFormData } from './api';
import { EventForm } from './components/EventForm';
import { EVENT_FIELD_OF, emptyEventForm, type EventFormValues } from './eventFormValues';
import { useDocumentTitle } from '@/lib/documentTitle';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';

const noErrors: FormErrorReport = { fields: {}, others: [] };

export default function CreateEventPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.create.documentTitle'));
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FormErrorReport>(noErrors);

  async function create(values: EventFormValues, banner: File | null) {
    setSaving(true);
    setErrors(noErrors);
    try {
      // The banner goes straight to S3; the event carries its key.
      const bannerKey = banner ? await uploadImage('banner', banner) : null;
      await createEvent(eventFormData(values, bannerKey));
      toast.success(translate(values.repeat ? 'dashboard.create.seriesCreated' : 'dashboard.create.eventCreated'));
      void navigate(paths.dashboardEvents);
    } catch (error) {
      console.error('create event', error);
      toast.error(translate('dashboard.create.failed'));
      setErrors(formErrorsOf(error, EVENT_FIELD_OF));
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="create-event">
      <h1 id="create-event" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        {t('dashboard.create.title')}
      </h1>
      <div className="card">
        <EventForm
          name={t('dashboard.create.formName')}
          initial={emptyEventForm}
          submitLabel={t('dashboard.create.submit')}
          repeatable
          saving={saving}
          errors={errors}
          onSubmit={(values, banner) => void create(values, banner)}
        />
      </div>
    </section>
  );
}
