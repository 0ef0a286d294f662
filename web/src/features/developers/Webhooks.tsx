import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';
import { createWebhook, type WebhookInput } from './api';
import { useWebhooks } from './hooks';
import { QueryStatus } from './QueryStatus';
import { NEW_WEBHOOK, WebhookForm } from './WebhookForm';
import { WebhookItem, type RevealedSecret } from './WebhookItem';

// The organization's webhook endpoints: the list, each with its actions
// and delivery log, and a new one (its signing secret shown this once).
export function Webhooks({ organizationId }: { organizationId: string }) {
  const t = useT();
  const webhooks = useWebhooks(organizationId);
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = webhooks.query.status === 'ready' ? webhooks.query.data : null;

  async function add(values: WebhookInput) {
    // The list keeps the endpoint without its secret, as the server lists it.
    const { secret, ...webhook } = await createWebhook(organizationId, values);
    webhooks.add(webhook);
    setRevealed({ webhookId: webhook.id, secret, previousUntil: null });
    setAdding(false);
    toast.success(translate('developers.webhooks.created'));
  }

  return (
    <section aria-labelledby="webhooks-title" className="grid gap-4">
      <h2 id="webhooks-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {t('developers.webhooks.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('developers.webhooks.help')}</p>
      <QueryStatus query={webhooks.query} loadingText={t('developers.webhooks.loading')} what={t('developers.webhooks.loadWhat')} />
      {list?.length === 0 && <p className="text-slate-700">{t('developers.webhooks.none')}</p>}
      {list && list.length > 0 && (
        <ul className="grid gap-3" aria-label={t('developers.webhooks.listLabel')}>
          {list.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              organizationId={organizationId}
              webhook={webhook}
              secret={revealed?.webhookId === webhook.id ? revealed : null}
              onSecret={setRevealed}
              onChange={webhooks.replace}
              onDeleted={(id) => {
                webhooks.remove(id);
                heading.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
      {list &&
        (adding ? (
          <WebhookForm
            idPrefix="webhook-new"
            name={t('developers.webhooks.formAdd')}
            initial={NEW_WEBHOOK}
            submitLabel={t('developers.webhooks.create')}
            failure={translate('developers.webhooks.createFailed')}
            save={add}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <div>
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              {t('developers.webhooks.add')}
            </button>
          </div>
        ))}
    </section>
  );
}
