// Calls of the developers screen: an organization's API tokens, its
// webhook endpoints and their deliveries (owners only).
import { inOrganization } from '@/api/account';
import { nextPage } from '@/lib/download';
import { api } from '@/lib/http';
import type { ListPage } from '@/lib/useRemoteList';
import type { JSONBody, Schemas } from '@/types/api';

export type ApiScope = Schemas['ApiScope'];
export type ApiToken = Schemas['ApiToken'];
export type NewApiToken = Schemas['NewApiToken'];
export type ApiTokenList = Schemas['ApiTokenList'];
export type ApiTokenInput = JSONBody<'createApiToken'>;
export type WebhookKind = Schemas['WebhookKind'];
export type Webhook = Schemas['Webhook'];
export type NewWebhook = Schemas['NewWebhook'];
export type WebhookInput = JSONBody<'createWebhook'>;
export type WebhookUpdate = JSONBody<'updateWebhook'>;
export type WebhookSecret = Schemas['WebhookSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];

const tokens = '/organization/tokens/';
const webhooks = '/organization/webhooks/';
const webhook = (id: string) => `${webhooks}${encodeURIComponent(id)}/`;

export async function listApiTokens(organizationId: string): Promise<ApiTokenList> {
  return (await api.get<ApiTokenList>(tokens, inOrganization(organizationId))).data;
}

export async function createApiToken(organizationId: string, input: ApiTokenInput): Promise<NewApiToken> {
  return (await api.post<NewApiToken>(tokens, input, inOrganization(organizationId))).data;
}

export async function revokeApiToken(organizationId: string, id: string): Promise<void> {
  await api.delete(`${tokens}${encodeURIComponent(id)}/`, inOrganization(organizationId));
}

export async function listWebhooks(organizationId: string): Promise<Webhook[]> {
  return (await api.get<Schemas['WebhookList']>(webhooks, inOrganization(organizationId))).data.webhooks;
}

export async function createWebhook(organizationId: string, input: WebhookInput): Promise<NewWebhook> {
  return (await api.post<NewWebhook>(webhooks, input, inOrganization(organizationId))).data;
}

export async function updateWebhook(organizationId: string, id: string, changes: WebhookUpdate): Promise<Webhook> {
  return (await api.patch<Webhook>(webhook(id), changes, inOrganization(organizationId))).data;
}

export async function deleteWebhook(organizationId: string, id: string): Promise<void> {
  await api.delete(webhook(id), inOrganization(organizationId));
}

// A new signing secret; the previous one keeps signing until the time answered.
export async function rotateWebhookSecret(organizationId: string, id: string): Promise<WebhookSecret> {
  return (await api.post<WebhookSecret>(`${webhook(id)}secret/`, undefined, inOrganization(organizationId))).data;
}

// One page of an endpoint's deliveries, newest first.
export async function listWebhookDeliveries(organizationId: string, id: string, after?: string): Promise<ListPage<WebhookDelivery>> {
  const { params } = inOrganization(organizationId);
  const response = await api.get<Schemas['WebhookDeliveryList']>(`${webhook(id)}deliveries/`, { params: after ? { ...params, after } : params });
  return { items: response.data.deliveries, next: nextPage(response.headers['x-next-page']) };
}

// Sends a delivery again now; the answer is the delivery after that attempt.
export async function resendWebhookDelivery(organizationId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const path = `${webhook(id)}deliveries/${encodeURIComponent(deliveryId)}/resend/`;
  return (await api.post<WebhookDelivery>(path, undefined, inOrganization(organizationId))).data;
}

// Sends a webhook.test message now; the answer is its delivery.
export async function sendTestWebhook(organizationId: string, id: string): Promise<WebhookDelivery> {
  return (await api.post<WebhookDelivery>(`${webhook(id)}test/`, undefined, inOrganization(organizationId))).data;
}
