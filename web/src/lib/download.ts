// Saves a file the API answered (a blob, fetched with the bearer token) under
// the name its Content-Disposition gives, or fallback.
import type { AxiosResponse } from 'axios';

export function saveDownload(response: AxiosResponse<Blob>, fallback: string): void {
  const disposition = String(response.headers['content-disposition'] ?? '');
  const encoded = /filename\*=utf-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (plain ?? fallback);
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

// The cursor of the next page an answer names (X-Next-Page), or null on the
// last page.
export function nextPage(header: unknown): string | null {
  return typeof header === 'string' && header !== '' ? header : null;
}
