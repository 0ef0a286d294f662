import { AxiosError } from 'axios';

// Every message in an API error body, in order: the field errors
// ({"field": ["message"]}) and the detail ({"detail": "message"}).
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof AxiosError)) return [];
  const data: unknown = error.response?.data;
  if (!data || typeof data !== 'object') return [];
  const messages: string[] = [];
  for (const value of Object.values(data as Record<string, unknown>)) {
    if (typeof value === 'string') messages.push(value);
    else if (Array.isArray(value)) messages.push(...value.filter((m): m is string => typeof m === 'string'));
  }
  return messages;
}

// The HTTP status of an API error, if there was a response.
export function statusOf(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
