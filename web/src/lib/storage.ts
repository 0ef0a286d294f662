// The session lives in browser storage: the access and refresh
// tokens, and for organizers the organization id.
const ACCESS = 'access';
const REFRESH = 'refresh';
const ORGANIZATION = 'organization_id';

// Announced whenever someone logs in or out, so the top bar re-checks.
export const LOGIN_STATUS_CHANGED = 'login-status-changed';

export const session = {
  access: (): string | null => localStorage.getItem(ACCESS),
  refresh: (): string | null => localStorage.getItem(REFRESH),
  organizationId: (): string | null => localStorage.getItem(ORGANIZATION),
  isLoggedIn: (): boolean => localStorage.getItem(ACCESS) !== null,

  setTokens(tokens: { access: string; refresh?: string }): void {
    localStorage.setItem(ACCESS, tokens.access);
    if (tokens.refresh) localStorage.setItem(REFRESH, tokens.refresh);
  },
  setOrganizationId(id: string): void {
    localStorage.setItem(ORGANIZATION, id);
  },
  // Ends the session; what is the device's, not the account's (the
  // language chosen), stays.
  clear(): void {
    for (const key of [ACCESS, REFRESH, ORGANIZATION]) localStorage.removeItem(key);
  },
};

export function announceLoginStatusChange(): void {
  window.dispatchEvent(new Event(LOGIN_STATUS_CHANGED));
}

export function onLoginStatusChange(listener: () => void): () => void {
  window.addEventListener(LOGIN_STATUS_CHANGED, listener);
  return () => window.removeEventListener(LOGIN_STATUS_CHANGED, listener);
}

// Fires when another tab stores or clears the tokens (the storage event is
// only delivered to the other tabs of the origin).
export function onTokensChangedElsewhere(listener: () => void): () => void {
  const handler = (e: StorageEvent): void => {
    if (e.storageArea === localStorage && (e.key === null || e.key === ACCESS || e.key === REFRESH)) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
