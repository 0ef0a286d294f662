// Who finds and opens an event, and where it is joined online: the event
// form's visibility choice, a private event's invite link, and the online
// link only people holding a seat see.
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { FormErrorReport } from '@/lib/errors';
import { FormInput } from '@/components/FormField';
import { resetInvite } from '../api';
import type { EventFormValues, Visibility } from '../eventFormValues';
import type { MessageId } from '@/i18n/ids';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';

const CHOICES: { value: Visibility; label: MessageId; help: MessageId }[] = [
  { value: 'public', label: 'dashboard.access.public', help: 'dashboard.access.publicHelp' },
  { value: 'unlisted', label: 'dashboard.access.unlisted', help: 'dashboard.access.unlistedHelp' },
  { value: 'private', label: 'dashboard.access.private', help: 'dashboard.access.privateHelp' },
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
  const t = useT();
  return (
    <>
      <fieldset className="sm:col-span-2" aria-describedby={errors.fields.visibility ? 'event-visibility-error' : undefined}>
        <legend className="field-label">{t('dashboard.access.legend')}</legend>
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
                  {t(choice.label)}
                </label>
                <p id={`event-visibility-${choice.value}-help`} className="text-sm text-slate-600">
                  {t(choice.help)}
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
            {t('dashboard.access.wasPublic')}
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
          label={t('dashboard.access.onlineLink')}
          value={values.online_url}
          errors={errors.fields.online_url}
          aria-describedby="event-online_url-help"
          onChange={(e) => onChange({ online_url: e.target.value })}
        />
        <p id="event-online_url-help" className="mt-1 text-sm text-slate-600">
          {t('dashboard.access.onlineLinkHelp')}
        </p>
      </div>
    </>
  );
}

// A private event's invite link, to copy or replace; before the event is
// saved (or made private) there is none yet.
function InviteLink({ eventId, initial }: { eventId: string | undefined; initial: string | null }) {
  const t = useT();
  const [link, setLink] = useState(initial);
  const [busy, setBusy] = useState(false);
  if (!eventId || !link)
    return <p className="mt-2 text-sm text-slate-700">{t('dashboard.access.inviteLater')}</p>;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(translate('dashboard.access.inviteCopied'));
    } catch {
      toast.error(translate('dashboard.access.copyFailed'));
    }
  }

  async function reset(id: string) {
    setBusy(true);
    try {
      setLink(await resetInvite(id));
      toast.success(translate('dashboard.access.inviteReset'));
    } catch (error) {
      console.error('reset invite link', error);
      toast.error(translate('dashboard.access.inviteResetFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 grid gap-2">
      <label htmlFor="event-invite-link" className="text-sm font-medium text-slate-900">
        {t('dashboard.access.inviteLink')}
      </label>
      <input id="event-invite-link" readOnly value={link} className="field-input font-mono text-xs" onFocus={(e) => e.target.select()} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void copy(link)}>
          {t('dashboard.access.copyInviteLink')}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void reset(eventId)}>
          {t('dashboard.access.newLink')}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t('dashboard.access.inviteHelp')}</p>
    </div>
  );
}
