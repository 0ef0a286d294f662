// The reads of the first pages an anonymous visitor opens (the public list,
// an event, categories, cities): plain GETs of the public API through the
// browser's fetch, so those pages do not load axios (about 21 KB gzipped,
// src/lib/http.ts), which every other call goes through. A refusal
// throws an HttpError whose response holds the status and the body, as
// axios's errors do, so src/lib/errors.ts reads both alike.
import { API_BASE_URL, PLAIN_TIMEOUT_MS } from '@/config/env';

export class HttpError extends Error {
  readonly response: { status: number; data: unknown };

  constructor(status: number, data: unknown) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpError';
    this.response = { status, data };
  }
}

export interface PublicAnswer<T> {
  data: T;
  headers: Headers;
}

// GETs path (under the API's base) with params, giving up after the plain
// client's time-out. The browser's cache revalidates: a public answer may
// sit there for seconds (max-age), and a page must show the seats as they
// are once this browser has registered; the edge (s-maxage) still caches.
export async function publicGet<T>(path: string, params: Record<string, string> = {}): Promise<PublicAnswer<T>> {
  const url = new URL(API_BASE_URL + path, window.location.origin);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PLAIN_TIMEOUT_MS);
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache', signal: abort.signal });
    const data: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new HttpError(response.status, data);
    return { data: data as T, headers: response.headers };
  } finally {
    clearTimeout(timer);
  }
}
