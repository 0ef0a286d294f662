import { useState, type FormEvent } from 'react';
import { FormInput, FormProblems, FormTextarea } from '@/components/FormField';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';
import type { WebhookInput, WebhookKind } from './api';
import { CheckboxFieldset, ChoiceList } from './ChoiceFields';
import { useServerForm } from './useServerForm';
import { KIND_GROUPS } from './words';

export interface WebhookFormValues {
  url: string;
  description: string;
  kinds: WebhookKind[];
}

export const NEW_WEBHOOK: WebhookFormValues = { url: '', description: '', kinds: [] };

interface WebhookFormProps {
  // Tells apart the fields of the forms open at once (a new endpoint, an edit).
  idPrefix: string;
  name: string;
  initial: WebhookFormValues;
  submitLabel: string;
  // Toasted when the server refuses.
  failure: string;
  save: (values: WebhookInput) => Promise<void>;
  onCancel: () => void;
}

// An endpoint's address, description and the kinds of changes it hears
// of, for a new endpoint or an edit.
export function WebhookForm({ idPrefix, name, initial, submitLabel, failure, save, onCancel }: WebhookFormProps) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const form = useServerForm({ url: 'url', description: 'description', kinds: 'kinds' });
  const change = (changes: Partial<WebhookFormValues>) => setValues((v) => ({ ...v, ...changes }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (values.kinds.length === 0) return form.refuse('kinds', translate('developers.webhooks.chooseKind'));
    void form.send('save webhook', failure, () => save({ url: values.url.trim(), description: values.description.trim(), kinds: values.kinds }));
  }

  return (
    <form aria-label={name} className="grid gap-4 rounded-lg p-4 ring-1 ring-slate-200" onSubmit={submit}>
      <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
      <div>
        <FormInput
          id={`${idPrefix}-url`}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
          label={t('developers.webhooks.url')}
          required
          maxLength={500}
          value={values.url}
          errors={form.errors.fields.url}
          aria-describedby={`${idPrefix}-url-help`}
          onChange={(e) => change({ url: e.target.value })}
        />
        <p id={`${idPrefix}-url-help`} className="mt-1 text-sm text-slate-600">{t('developers.webhooks.urlHelp')}</p>
      </div>
      <FormTextarea
        id={`${idPrefix}-description`}
        label={t('developers.webhooks.description')}
        rows={2}
        maxLength={200}
        value={values.description}
        errors={form.errors.fields.description}
        onChange={(e) => change({ description: e.target.value })}
      />
      <CheckboxFieldset id={`${idPrefix}-kinds`} legend={t('developers.webhooks.kinds')} errors={form.errors.fields.kinds}>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {KIND_GROUPS.map((group) => (
            <fieldset key={group.legend}>
              <legend className="text-sm font-semibold text-slate-700">{t(group.legend)}</legend>
              <ChoiceList idPrefix={`${idPrefix}-kind`} choices={group.kinds} checked={values.kinds} onChange={(kinds) => change({ kinds })} />
            </fieldset>
          ))}
        </div>
      </CheckboxFieldset>
      <FormProblems messages={form.errors.others} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={form.busy} aria-busy={form.busy}>
          {submitLabel}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('developers.webhooks.cancel')}
        </button>
      </div>
    </form>
  );
}
