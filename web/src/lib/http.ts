// The two HTTP clients (spec §7), both on one base URL. `api` attaches the
// bearer access token and, on a 401, refreshes it once and replays the
// request; `publicApi` is plain, with the 80 s time-out.
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE_URL, PLAIN_TIMEOUT_MS } from '@/config/env';
import { paths } from '@/config/paths';
import { announceLoginStatusChange, session } from '@/lib/storage';

export const publicApi: AxiosInstance = axios.create({ baseURL: API_BASE_URL, timeout: PLAIN_TIMEOUT_MS });

export const api: AxiosInstance = axios.create({ baseURL: API_BASE_URL });

api.interceptors.request.use((config) => {
  const token = session.access();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { _retry?: boolean };

// One refresh at a time: the server rotates refresh tokens and treats a
// second use of one as theft, so concurrent 401s must share one refresh.
let refreshing: Promise<string> | null = null;

function refreshAccessToken(): Promise<string> {
  refreshing ??= publicApi
    .post<{ access: string; refresh?: string }>('/user/refresh/access_token/', { refresh: session.refresh() })
    .then(({ data }) => {
      session.setTokens(data);
      return data.access;
    })
    .finally(() => {
      refreshing = null;
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
    if (refreshError instanceof AxiosError && refreshError.config?.url?.endsWith('/user/refresh/access_token/')) {
      session.clear();
      announceLoginStatusChange();
      navigation.toLogin();
    }
    throw refreshError;
  }
});
