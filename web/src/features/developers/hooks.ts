// The developers screen's data: each list through the shared cache, with
// the changes the screen made shown without loading it again (the server
// answered them).
import { invalidateQuery, updateQueryData, useQuery } from '@/lib/query';
import { useRemoteList } from '@/lib/useRemoteList';
import { listApiTokens, listWebhookDeliveries, listWebhooks, type ApiToken, type ApiTokenList, type Webhook, type WebhookDelivery } from './api';

// Shows the changes the server answered in a loaded list (update applies
// one to the list cached); a new item comes first, as the lists are
// newest first.
function editsOf<T extends { id: string }>(update: (change: (items: T[]) => T[]) => void) {
  return {
    add: (item: T) => update((items) => [item, ...items]),
    replace: (item: T) => update((items) => items.map((old) => (old.id === item.id ? item : old))),
    remove: (id: string) => update((items) => items.filter((old) => old.id !== id)),
  };
}

export function useApiTokens(organizationId: string) {
  const key = `api-tokens:${organizationId}`;
  const query = useQuery(key, () => listApiTokens(organizationId), { onError: (error) => console.error('load API tokens', error) });
  const edits = editsOf<ApiToken>((change) => updateQueryData<ApiTokenList>(key, (list) => ({ ...list, tokens: change(list.tokens) })));
  return { query, ...edits };
}

const webhooksKey = (organizationId: string) => `webhooks:${organizationId}`;

export function useWebhooks(organizationId: string) {
  const key = webhooksKey(organizationId);
  const query = useQuery(key, () => listWebhooks(organizationId), { onError: (error) => console.error('load webhooks', error) });
  const edits = editsOf<Webhook>((change) => updateQueryData(key, change));
  return { query, ...edits };
}

// An endpoint's deliveries, a page at a time; the screen's resends and
// tests show in it at once.
export function useDeliveryLog(organizationId: string, webhookId: string) {
  return useRemoteList<WebhookDelivery>(
    `webhook-deliveries:${organizationId}:${webhookId}`,
    (after) => listWebhookDeliveries(organizationId, webhookId, after),
    { logLabel: 'load webhook deliveries' },
  );
}

// Loads the endpoints again for whoever shows them (a delivery may have
// changed how one fares).
export const refreshWebhooks = (organizationId: string) => invalidateQuery(webhooksKey(organizationId));
