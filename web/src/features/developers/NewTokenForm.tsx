import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormInput, FormProblems } from '@/components/FormField';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';
import { createApiToken, type ApiScope, type NewApiToken } from './api';
import { CheckboxFieldset, ChoiceList } from './ChoiceFields';
import { useServerForm } from './useServerForm';
import { SCOPES } from './words';

// A day typed in a date field ("2030-05-01") as the moment it ends on the
// owner's clock: the token works through that day.
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

// Today, as a date field writes it, on the owner's clock.
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface NewTokenFormProps {
  organizationId: string;
  onCreated: (token: NewApiToken) => void;
  onCancel: () => void;
}

export function NewTokenForm({ organizationId, onCreated, onCancel }: NewTokenFormProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [firstDay] = useState(today);
  const form = useServerForm({ name: 'name', scopes: 'scopes', expires_at: 'expires_at' });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (scopes.length === 0) return form.refuse('scopes', translate('developers.tokens.chooseScope'));
    void form.send('create API token', translate('developers.tokens.createFailed'), async () => {
      const created = await createApiToken(organizationId, { name: name.trim(), scopes, expires_at: expiry ? endOfDay(expiry) : null });
      toast.success(translate('developers.tokens.created'));
      onCreated(created);
    });
  }

  return (
    <form aria-label={t('developers.tokens.formName')} className="card grid gap-4" onSubmit={submit}>
      <h3 className="text-lg font-semibold text-slate-900">{t('developers.tokens.formName')}</h3>
      <FormInput
        id="token-name"
        label={t('developers.tokens.name')}
        required
        maxLength={100}
        value={name}
        errors={form.errors.fields.name}
        onChange={(e) => setName(e.target.value)}
      />
      <CheckboxFieldset id="token-scopes" legend={t('developers.tokens.scopes')} errors={form.errors.fields.scopes}>
        <ChoiceList idPrefix="token-scope" choices={SCOPES} checked={scopes} onChange={setScopes} />
      </CheckboxFieldset>
      <div>
        <FormInput
          id="token-expires"
          type="date"
          label={t('developers.tokens.expiry')}
          min={firstDay}
          value={expiry}
          errors={form.errors.fields.expires_at}
          aria-describedby="token-expires-help"
          onChange={(e) => setExpiry(e.target.value)}
        />
        <p id="token-expires-help" className="mt-1 text-sm text-slate-600">
          {t('developers.tokens.expiryHelp')}
        </p>
      </div>
      <FormProblems messages={form.errors.others} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={form.busy} aria-busy={form.busy}>
          {t('developers.tokens.create')}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('developers.tokens.cancel')}
        </button>
      </div>
    </form>
  );
}
