// The page a person was on their way to when the product sent them to log
// in or sign up (?next=), kept through sign-up, activation and login so
// they come back to it. Only a path of this site is ever followed: a
// crafted link cannot turn login into a redirect to another origin. The
// API holds a sign-up's next to the same rules.
import { useSearchParams } from 'react-router';

export const NEXT_PARAM = 'next';

const MAX_LENGTH = 512;

// next itself when it is a path of this site ("/event/detail?id=…"), else
// null: not "//host", not "/\host" (browsers read it as "//"), no scheme,
// no fragment, spaces or control characters.
export function safeNextPage(next: string | null | undefined): string | null {
  if (!next || next.length > MAX_LENGTH || !next.startsWith('/') || next.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\\#\s\u0000-\u001f\u007f]/.test(next)) return null;
  try {
    const base = 'https://site.invalid';
    const url = new URL(next, base);
    return url.origin === base && !url.pathname.startsWith('//') ? next : null;
  } catch {
    return null;
  }
}

// path with ?next=<next> added when next is a page worth coming back to.
export function withNextPage(path: string, next: string | null | undefined): string {
  const safe = safeNextPage(next);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [NEXT_PARAM]: safe })}`;
}

// The current page's ?next=, when it is safe to follow.
export function useNextPage(): string | null {
  return safeNextPage(useSearchParams()[0].get(NEXT_PARAM));
}
