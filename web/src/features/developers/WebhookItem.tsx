import { useState } from 'react';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { localDate, localTime } from '@/lib/time';
import { useAction } from '@/lib/useAction';
import { t as translate } from '@/i18n/i18n';
import { useLocale, useT } from '@/i18n/react';
import { deleteWebhook, rotateWebhookSecret, updateWebhook, type Webhook, type WebhookInput } from './api';
import { Badge } from './Badge';
import { DeliveryLog } from './DeliveryLog';
import { SecretReveal } from './SecretReveal';
import { WebhookForm } from './WebhookForm';
import { yesNo } from './words';

// A signing secret the server has just shown, and until when the one it
// replaces still signs (null for a new endpoint).
export interface RevealedSecret {
  webhookId: string;
  secret: string;
  previousUntil: string | null;
}

interface WebhookItemProps {
  organizationId: string;
  webhook: Webhook;
  secret: RevealedSecret | null;
  onSecret: (secret: RevealedSecret | null) => void;
  onChange: (webhook: Webhook) => void;
  onDeleted: (id: string) => void;
}

export function WebhookItem({ organizationId, webhook, secret, onSecret, onChange, onDeleted }: WebhookItemProps) {
  const t = useT();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const logId = `webhook-${webhook.id}-deliveries`;

  async function save(values: WebhookInput) {
    onChange(await updateWebhook(organizationId, webhook.id, values));
    setEditing(false);
    toast.success(translate('developers.webhooks.saved'));
  }

  return (
    <li className="card grid gap-4">
      <WebhookSummary webhook={webhook} />
      {secret && (
        <SecretReveal
          id="webhook-secret"
          title={t('developers.webhooks.secretTitle', { url: webhook.url })}
          label={t('developers.webhooks.secretLabel')}
          secret={secret.secret}
          note={secret.previousUntil ? t('developers.webhooks.previousValid', { time: localTime(secret.previousUntil, locale) }) : undefined}
          onDone={() => onSecret(null)}
        />
      )}
      {editing ? (
        <WebhookForm
          idPrefix={`webhook-${webhook.id}`}
          name={t('developers.webhooks.formEdit')}
          initial={{ url: webhook.url, description: webhook.description, kinds: webhook.kinds }}
          submitLabel={t('developers.webhooks.save')}
          failure={translate('developers.webhooks.saveFailed')}
          save={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <WebhookButtons
          organizationId={organizationId}
          webhook={webhook}
          log={{ id: logId, open: logOpen, toggle: () => setLogOpen((open) => !open) }}
          onEdit={() => setEditing(true)}
          onSecret={onSecret}
          onChange={onChange}
          onDeleted={onDeleted}
        />
      )}
      {logOpen && <DeliveryLog id={logId} organizationId={organizationId} webhook={webhook} />}
    </li>
  );
}

// Where the endpoint is, what it is for and hears of, and how it fares.
function WebhookSummary({ webhook }: { webhook: Webhook }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">
          <bdi>{webhook.url}</bdi>
        </p>
        {webhook.enabled ? (
          <Badge tone="good">{t('developers.webhooks.on')}</Badge>
        ) : webhook.disabled_at ? (
          <Badge tone="bad">{t('developers.webhooks.autoDisabled', { date: localDate(webhook.disabled_at, locale) })}</Badge>
        ) : (
          <Badge tone="neutral">{t('developers.webhooks.off')}</Badge>
        )}
      </div>
      {webhook.description && <p className="break-words text-slate-700">{webhook.description}</p>}
      {webhook.failing_since && (
        <p className="text-sm font-medium text-amber-900">{t('developers.webhooks.failingSince', { time: localTime(webhook.failing_since, locale) })}</p>
      )}
      <ul className="flex flex-wrap gap-1" aria-label={t('developers.webhooks.kinds')}>
        {webhook.kinds.map((kind) => (
          <li key={kind}>
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
              {kind}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface WebhookButtonsProps extends Omit<WebhookItemProps, 'secret'> {
  log: { id: string; open: boolean; toggle: () => void };
  onEdit: () => void;
}

function WebhookButtons({ organizationId, webhook, log, onEdit, onSecret, onChange, onDeleted }: WebhookButtonsProps) {
  const t = useT();
  const { busy, run } = useAction();

  const turn = (enabled: boolean) =>
    run('turn webhook on or off', translate('developers.webhooks.saveFailed'), async () => {
      onChange(await updateWebhook(organizationId, webhook.id, { enabled }));
      toast.success(translate(enabled ? 'developers.webhooks.turnedOn' : 'developers.webhooks.turnedOff'));
    });

  const rotate = () =>
    run('rotate webhook secret', translate('developers.webhooks.rotateFailed'), async () => {
      const rotated = await rotateWebhookSecret(organizationId, webhook.id);
      onChange({ ...webhook, previous_secret_expires_at: rotated.previous_secret_expires_at });
      onSecret({ webhookId: webhook.id, secret: rotated.secret, previousUntil: rotated.previous_secret_expires_at });
    });

  async function remove() {
    if (!(await confirmToast(translate('developers.webhooks.confirmDelete', { url: webhook.url }), yesNo()))) return;
    await run('delete webhook', translate('developers.webhooks.deleteFailed'), async () => {
      await deleteWebhook(organizationId, webhook.id);
      onDeleted(webhook.id);
      toast.success(translate('developers.webhooks.deleted'));
    });
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-secondary" aria-expanded={log.open} aria-controls={log.open ? log.id : undefined} onClick={log.toggle}>
        {t('developers.webhooks.deliveries')}
      </button>
      <button type="button" className="btn-secondary" onClick={onEdit}>
        {t('developers.webhooks.edit')}
      </button>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void turn(!webhook.enabled)}>
        {webhook.enabled ? t('developers.webhooks.turnOff') : t('developers.webhooks.turnOn')}
      </button>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void rotate()}>
        {t('developers.webhooks.rotate')}
      </button>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void remove()}>
        {t('developers.webhooks.delete')}
      </button>
    </div>
  );
}
