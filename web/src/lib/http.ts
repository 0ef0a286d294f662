// The two HTTP clients, both on one base URL. `api` attaches the
// bearer access token and, on a 401, refreshes it once and replays the
// request; `publicApi` is plain, with the 80 s time-out.
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE_URL, PLAIN_TIMEOUT_MS } from '@/config/env';
import { paths } from '@/config/paths';
import { announceLoginStatusChange, onTokensChangedElsewhere, session } from '@/lib/storage';
import { activeLocale } from '@/i18n/i18n';

export const publicApi: AxiosInstance = axios.create({ baseURL: API_BASE_URL, timeout: PLAIN_TIMEOUT_MS });

export const api: AxiosInstance = axios.create({ baseURL: API_BASE_URL });

// The server keeps the language a person signs up or registers as a guest
// in, for their mail: the one shown, not the browser's.
for (const client of [publicApi, api]) {
  client.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', activeLocale());
    return config;
  });
}

// Every call of this client is the signed-in account's: without a session
// it could only be refused, so it is not sent (a screen leaving after a
// logout may still ask).
export const NO_SESSION = 'ERR_NO_SESSION';

api.interceptors.request.use((config) => {
  const token = session.access();
  if (!token) throw new AxiosError('Not signed in', NO_SESSION, config);
  config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { _retry?: boolean };

// One refresh at a time: the server rotates refresh tokens and treats a
// second use of one as theft, so concurrent 401s must share one refresh.
let refreshing: Promise<string> | null = null;
// Settles the refresh in flight when another tab stores a new pair first.
let learntElsewhere: (() => void) | null = null;

// Tabs share the stored pair. When another tab stores a new one (it
// refreshed or logged in) or clears it, this tab learns of it here: a
// refresh it is waiting for can use the new access token at once, and the
// top bar re-checks.
onTokensChangedElsewhere(() => {
  learntElsewhere?.();
  announceLoginStatusChange();
});

function refreshAccessToken(): Promise<string> {
  refreshing ??= new Promise<string>((resolve, reject) => {
    const sent = session.refresh();
    // The stored pair is newer than the one this refresh spends.
    const storedElsewhere = (): string | null => {
      const access = session.access();
      return session.refresh() !== sent && access ? access : null;
    };
    learntElsewhere = () => {
      const access = storedElsewhere();
      if (access) resolve(access);
    };
    publicApi.post<{ access: string; refresh?: string }>('/user/refresh/access_token/', { refresh: sent }).then(
      ({ data }) => {
        session.setTokens(data);
        resolve(data.access);
      },
      (error: unknown) => {
        // Another tab refreshed meanwhile: its pair stands, the session lives.
        const access = storedElsewhere();
        if (access) resolve(access);
        else reject(error);
      },
    );
  }).finally(() => {
    refreshing = null;
    learntElsewhere = null;
  });
  return refreshing;
}

// Where the browser goes when the session cannot be refreshed; tests swap it.
export const navigation = {
  toLogin(): void {
    window.location.assign(paths.login);
  },
};

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError)) throw error;
  const original = error.config as RetriableConfig | undefined;
  if (error.response?.status !== 401 || !original || original._retry || !session.refresh()) throw error;
  original._retry = true;
  try {
    const access = await refreshAccessToken();
    original.headers.set('Authorization', `Bearer ${access}`);
    return await api.request(original);
  } catch (refreshError) {
    // Only a refresh of the token still stored ends the session (see
    // refreshAccessToken): another tab's newer pair is never cleared.
    if (refreshError instanceof AxiosError && refreshError.config?.url?.endsWith('/user/refresh/access_token/')) {
      session.clear();
      announceLoginStatusChange();
      navigation.toLogin();
    }
    throw refreshError;
  }
});
