// The event form the create and update pages share. Both mark and require
// the same fields, every one the API requires: all but the waitlist, the
// banner and the what-and-where.
import { useCallback, useState, type FormEvent } from 'react';
import type { FormErrorReport } from '@/lib/errors';
import { FormInput, FormProblems, FormTextarea, RequiredFieldsNote } from '@/components/FormField';
import type { EventFormValues } from '../eventFormValues';
import { AccessFields } from './AccessFields';
import { PlaceFields } from './PlaceFields';
import { QuestionsEditor } from './QuestionsEditor';
import { RepeatFields } from './RepeatFields';
import { TimeZonePicker, browserTimeZone } from './TimeZonePicker';
import { useT } from '@/i18n/react';

interface EventFormProps {
  name: string;
  initial: EventFormValues;
  submitLabel: string;
  saving: boolean;
  errors: FormErrorReport;
  currentBanner?: { url: string; alt: string } | null;
  // An edited event's id, invite link and whether it was public.
  eventId?: string;
  inviteUrl?: string | null;
  wasListed?: boolean;
  // A new event may repeat (a series).
  repeatable?: boolean;
  onSubmit: (values: EventFormValues, banner: File | null) => void;
}

export function EventForm({ name, initial, submitLabel, saving, errors, currentBanner, eventId, inviteUrl, wasListed, repeatable, onSubmit }: EventFormProps) {
  const t = useT();
  const [values, setValues] = useState<EventFormValues>(() => ({ ...initial, time_zone: initial.time_zone || browserTimeZone() }));
  const [banner, setBanner] = useState<File | null>(null);
  const setRepeat = useCallback((repeat: string) => setValues((v) => (v.repeat === repeat ? v : { ...v, repeat })), []);

  const bind = (field: 'title' | 'location' | 'description' | 'start_time' | 'end_time' | 'capacity') => ({
    id: `event-${field}`,
    name: field,
    required: true,
    value: values[field],
    errors: errors.fields[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(values, banner);
  }

  return (
    <form onSubmit={submit} aria-label={name} className="grid gap-4 sm:grid-cols-2">
      <RequiredFieldsNote className="sm:col-span-2" />
      <FormInput label={t('dashboard.form.title')} dir="auto" frameClassName="sm:col-span-2" {...bind('title')} />
      <FormInput label={t('dashboard.form.location')} dir="auto" frameClassName="sm:col-span-2" {...bind('location')} />
      <FormTextarea label={t('dashboard.form.description')} dir="auto" rows={4} frameClassName="sm:col-span-2" {...bind('description')} />
      <FormInput label={t('dashboard.form.startTime')} type="datetime-local" {...bind('start_time')} />
      <FormInput label={t('dashboard.form.endTime')} type="datetime-local" {...bind('end_time')} />
      <TimeZonePicker value={values.time_zone} errors={errors.fields.time_zone} onChange={(time_zone) => setValues((v) => ({ ...v, time_zone }))} />
      <FormInput label={t('dashboard.form.capacity')} type="number" inputMode="numeric" min={1} step={1} {...bind('capacity')} />
      {repeatable && <RepeatFields start={values.start_time} timeZone={values.time_zone} errors={errors.fields.repeat} onChange={setRepeat} />}
      <PlaceFields values={values} errors={errors} onChange={(changes) => setValues((v) => ({ ...v, ...changes }))} />
      <ToggleField
        name="waitlist"
        label={t('dashboard.form.waitlist')}
        help={t('dashboard.form.waitlistHelp')}
        checked={values.waitlist}
        errors={errors.fields.waitlist}
        onChange={(waitlist) => setValues((v) => ({ ...v, waitlist }))}
      />
      <ToggleField
        name="approval"
        label={t('dashboard.form.approval')}
        help={t('dashboard.form.approvalHelp')}
        checked={values.approval}
        errors={errors.fields.approval}
        onChange={(approval) => setValues((v) => ({ ...v, approval }))}
      />
      <AccessFields
        values={values}
        errors={errors}
        eventId={eventId}
        inviteUrl={inviteUrl}
        wasListed={wasListed}
        onChange={(changes) => setValues((v) => ({ ...v, ...changes }))}
      />
      <QuestionsEditor questions={values.questions} errors={errors.fields.questions} onChange={(questions) => setValues((v) => ({ ...v, questions }))} />
      <BannerField current={currentBanner} errors={errors.fields.banner} onChange={setBanner} />
      <div className="sm:col-span-2">
        <FormProblems messages={errors.others} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving} aria-busy={saving}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

// A yes-or-no choice of the event, with what it does under its label.
function ToggleField({ name, label, help, checked, errors, onChange }: { name: string; label: string; help: string; checked: boolean; errors: string[] | undefined; onChange: (on: boolean) => void }) {
  const id = `event-${name}`;
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        className="mt-1 size-4 rounded border-slate-300 text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-700"
        checked={checked}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <p id={`${id}-help`} className="text-sm text-slate-600">
          {help}
        </p>
        {errors?.map((m) => (
          <p key={m} className="text-sm text-red-700">
            {m}
          </p>
        ))}
      </div>
    </div>
  );
}

// The banner: the current one, if any, and a file to replace it.
function BannerField({ current, errors, onChange }: { current?: { url: string; alt: string } | null; errors: string[] | undefined; onChange: (file: File | null) => void }) {
  const t = useT();
  return (
    <div className="sm:col-span-2">
      {current && (
        <figure className="mb-3">
          <img src={current.url} alt={current.alt} className="aspect-video w-full max-w-xs rounded-md bg-slate-100 object-cover" />
          <figcaption className="mt-1 text-sm text-slate-600">{t('dashboard.form.currentBanner')}</figcaption>
        </figure>
      )}
      <FormInput
        id="event-banner"
        name="banner"
        type="file"
        accept="image/*"
        label={t('dashboard.form.banner')}
        errors={errors}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
    </div>
  );
}
