// Who finds and opens an event, and where it is joined online: the event
// form's visibility choice, a private event's invite link, and the online
// link only people holding a seat see.
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { FormErrorReport } from '@/lib/errors';
import { FormInput } from '@/components/FormField';
import { resetInvite } from '../api';
import type { EventFormValues, Visibility } from '../eventFormValues';

const CHOICES: { value: Visibility; label: string; help: string }[] = [
  { value: 'public', label: 'Public', help: 'Listed on Turnout, found by search and shown on your organization’s page.' },
  { value: 'unlisted', label: 'Unlisted', help: 'Anyone with the link can open it and register; it is in no list or search.' },
  { value: 'private', label: 'Private', help: 'Only people with its invite link can open it and register.' },
];

interface AccessFieldsProps {
  values: Pick<EventFormValues, 'visibility' | 'online_url'>;
  errors: FormErrorReport;
  onChange: (changes: Partial<EventFormValues>) => void;
  // An event being edited: its id and invite link (null when none yet),
  // and whether it was public, which search engines may remember.
  eventId?: string | undefined;
  inviteUrl?: string | null | undefined;
  wasListed?: boolean | undefined;
}

export function AccessFields({ values, errors, onChange, eventId, inviteUrl, wasListed }: AccessFieldsProps) {
  return (
    <>
      <fieldset className="sm:col-span-2" aria-describedby={errors.fields.visibility ? 'event-visibility-error' : undefined}>
        <legend className="field-label">Who can find it</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {CHOICES.map((choice) => (
            // The whole card picks its choice (the label covers it).
            <div
              key={choice.value}
              className="relative flex gap-3 rounded-lg p-3 ring-1 ring-slate-300 has-checked:bg-indigo-50 has-checked:ring-2 has-checked:ring-indigo-700"
            >
              <input
                id={`event-visibility-${choice.value}`}
                type="radio"
                name="visibility"
                value={choice.value}
                checked={values.visibility === choice.value}
                aria-describedby={`event-visibility-${choice.value}-help`}
                onChange={() => onChange({ visibility: choice.value })}
                className="relative z-10 mt-1 size-4 shrink-0 text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-700"
              />
              <div>
                <label htmlFor={`event-visibility-${choice.value}`} className="block cursor-pointer text-sm font-semibold text-slate-900 after:absolute after:inset-0">
                  {choice.label}
                </label>
                <p id={`event-visibility-${choice.value}-help`} className="text-sm text-slate-600">
                  {choice.help}
                </p>
              </div>
            </div>
          ))}
        </div>
        {errors.fields.visibility && (
          <ul id="event-visibility-error" className="mt-1 text-sm text-red-700">
            {errors.fields.visibility.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        {wasListed && values.visibility !== 'public' && (
          <p className="mt-2 text-sm text-amber-900">
            It was public until now: search engines may still show it for a while after you save.
          </p>
        )}
        {values.visibility === 'private' && <InviteLink eventId={eventId} initial={inviteUrl ?? null} />}
      </fieldset>
      <div className="sm:col-span-2">
        <FormInput
          id="event-online_url"
          name="online_url"
          type="url"
          inputMode="url"
          placeholder="https://"
          label="Online link (optional)"
          value={values.online_url}
          errors={errors.fields.online_url}
          aria-describedby="event-online_url-help"
          onChange={(e) => onChange({ online_url: e.target.value })}
        />
        <p id="event-online_url-help" className="mt-1 text-sm text-slate-600">
          For an online or hybrid event. Only people with a seat see it: on the event’s page, in their confirmation and reminders.
        </p>
      </div>
    </>
  );
}

// A private event's invite link, to copy or replace; before the event is
// saved (or made private) there is none yet.
function InviteLink({ eventId, initial }: { eventId: string | undefined; initial: string | null }) {
  const [link, setLink] = useState(initial);
  const [busy, setBusy] = useState(false);
  if (!eventId || !link)
    return <p className="mt-2 text-sm text-slate-700">Its invite link appears here once you save the event.</p>;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Invite link copied.');
    } catch {
      toast.error('Could not copy the link. Select it and copy it by hand.');
    }
  }

  async function reset(id: string) {
    setBusy(true);
    try {
      setLink(await resetInvite(id));
      toast.success('New invite link made. The old one no longer opens the event.');
    } catch (error) {
      console.error('reset invite link', error);
      toast.error('Failed to make a new invite link. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 grid gap-2">
      <label htmlFor="event-invite-link" className="text-sm font-medium text-slate-900">
        Invite link
      </label>
      <input id="event-invite-link" readOnly value={link} className="field-input font-mono text-xs" onFocus={(e) => e.target.select()} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void copy(link)}>
          Copy Invite Link
        </button>
        <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void reset(eventId)}>
          Make a New Link
        </button>
      </div>
      <p className="text-sm text-slate-600">Anyone you give it to can open the event and register. A new link stops the old one.</p>
    </div>
  );
}
