import toast from 'react-hot-toast';
import { ListStatus, LoadMore } from '@/components/ListStatus';
import { localTime } from '@/lib/time';
import { useAction } from '@/lib/useAction';
import { t as translate } from '@/i18n/i18n';
import { useLocale, useT } from '@/i18n/react';
import { resendWebhookDelivery, sendTestWebhook, type Webhook, type WebhookDelivery } from './api';
import { Badge } from './Badge';
import { refreshWebhooks, useDeliveryLog } from './hooks';
import { DELIVERY_ERRORS } from './words';

// An endpoint's deliveries of the last 30 days, newest first: each can be
// sent again, a test message sent, and the log read again (to watch retries).
export function DeliveryLog({ id, organizationId, webhook }: { id: string; organizationId: string; webhook: Webhook }) {
  const t = useT();
  const log = useDeliveryLog(organizationId, webhook.id);
  const { busy, run } = useAction();
  // A delivery may change how the endpoint fares (failing, turned off).
  const refresh = () => {
    log.refresh();
    refreshWebhooks(organizationId);
  };

  const sendTest = () =>
    run('send test webhook', translate('developers.deliveries.testFailed'), async () => {
      log.prepend(await sendTestWebhook(organizationId, webhook.id));
      refreshWebhooks(organizationId);
      toast.success(translate('developers.deliveries.testSent'));
    });

  const resend = (delivery: WebhookDelivery) =>
    run('resend webhook delivery', translate('developers.deliveries.resendFailed'), async () => {
      log.replace(await resendWebhookDelivery(organizationId, webhook.id, delivery.id));
      refreshWebhooks(organizationId);
      toast.success(translate('developers.deliveries.resent'));
    });

  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('developers.deliveries.title')}
        </h3>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void sendTest()}>
            {t('developers.deliveries.sendTest')}
          </button>
          <button type="button" className="btn-secondary" onClick={refresh}>
            {t('developers.deliveries.refresh')}
          </button>
        </div>
      </div>
      <p className="text-sm text-slate-600">{t('developers.deliveries.help')}</p>
      <ListStatus status={log.status} retry={log.retry} loadingText={t('developers.deliveries.loading')} what={t('developers.deliveries.loadWhat')} />
      {log.status === 'ready' && log.items.length === 0 && <p className="text-slate-700">{t('developers.deliveries.none')}</p>}
      {log.items.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label={t('developers.deliveries.listLabel', { url: webhook.url })}>
          {log.items.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} busy={busy} onResend={() => void resend(delivery)} />
          ))}
        </ul>
      )}
      <LoadMore more={log.more} loadingMore={log.loadingMore} />
    </section>
  );
}

function DeliveryRow({ delivery, busy, onResend }: { delivery: WebhookDelivery; busy: boolean; onResend: () => void }) {
  const t = useT();
  const locale = useLocale();
  const error = delivery.error ? DELIVERY_ERRORS[delivery.error] : undefined;
  return (
    <li data-testid="webhook-delivery" data-status={delivery.status} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <code dir="ltr" className="text-sm font-semibold text-slate-900">
            {delivery.kind}
          </code>
          <DeliveryStatus delivery={delivery} />
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
          <time dateTime={delivery.created_at}>{localTime(delivery.created_at, locale)}</time>
          {delivery.status_code !== null && <span dir="ltr">{t('developers.deliveries.httpStatus', { code: String(delivery.status_code) })}</span>}
          {delivery.error && <span>{error ? t(error) : delivery.error}</span>}
          {delivery.duration_ms !== null && <span>{t('developers.deliveries.duration', { ms: delivery.duration_ms })}</span>}
          <span>{t('developers.deliveries.attempts', { count: delivery.attempts })}</span>
        </p>
        {delivery.status === 'pending' && delivery.next_attempt_at && (
          <p className="text-sm text-amber-900">{t('developers.deliveries.nextAttempt', { time: localTime(delivery.next_attempt_at, locale) })}</p>
        )}
      </div>
      <button type="button" className="btn-secondary" disabled={busy} onClick={onResend}>
        {t('developers.deliveries.resend')}
      </button>
    </li>
  );
}

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT();
  if (delivery.status === 'delivered') return <Badge tone="good">{t('developers.deliveries.delivered')}</Badge>;
  if (delivery.status === 'pending') return <Badge tone="waiting">{t('developers.deliveries.pending')}</Badge>;
  return <Badge tone="bad">{t('developers.deliveries.failed')}</Badge>;
}
