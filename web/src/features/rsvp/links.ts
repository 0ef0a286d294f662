import { paths } from '@/config/paths';

// The path and query of one of the app's own pages, which the API names by
// its absolute address (a manage link, an event's page): the app opens it
// without reloading. fallback when the address cannot be read.
export function inAppPath(url: string, fallback: string = paths.home): string {
  try {
    const { pathname, search } = new URL(url, window.location.origin);
    return pathname + search;
  } catch {
    return fallback;
  }
}
