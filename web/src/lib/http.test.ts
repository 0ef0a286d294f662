import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { api, navigation, NO_SESSION, publicApi } from '@/lib/http';
import { LOGIN_STATUS_CHANGED, session } from '@/lib/storage';
import { apiUrl, server } from '@/test/server';

const profileUrl = apiUrl('/user/profile/');
const refreshUrl = apiUrl('/user/refresh/access_token/');

let toLogin: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Answers 200 only to the bearer token `good`, 401 otherwise, and counts calls.
function protectedProfile(goodToken: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(profileUrl, ({ request }) => {
      const auth = request.headers.get('Authorization');
      seen.push(auth);
      if (auth === `Bearer ${goodToken}`) return HttpResponse.json({ username: 'ada' });
      return HttpResponse.json({ detail: 'Given token not valid for any token type' }, { status: 401 });
    }),
  );
  return seen;
}

// Rotates like the server: answers a new access and a new refresh token.
function rotatingRefresh(answer: { access: string; refresh: string }, wait = 0) {
  const bodies: unknown[] = [];
  server.use(
    http.post(refreshUrl, async ({ request }) => {
      bodies.push(await request.json());
      if (wait) await delay(wait);
      return HttpResponse.json(answer);
    }),
  );
  return bodies;
}

describe('the authenticated client (api)', () => {
  it('attaches the stored access token as a bearer header', async () => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const seen = protectedProfile('access-1');

    const { data } = await api.get('/user/profile/');

    expect(data).toEqual({ username: 'ada' });
    expect(seen).toEqual(['Bearer access-1']);
  });

  it('sends nothing when logged out: the call could only be refused', async () => {
    const seen = protectedProfile('whatever');
    await expect(api.get('/user/profile/')).rejects.toMatchObject({ code: NO_SESSION });
    expect(seen).toEqual([]);
  });

  it('on a 401 refreshes once, stores the new access and refresh tokens and replays the request', async () => {
    session.setTokens({ access: 'expired', refresh: 'refresh-1' });
    const seen = protectedProfile('access-2');
    const refreshBodies = rotatingRefresh({ access: 'access-2', refresh: 'refresh-2' });

    const { data } = await api.get('/user/profile/');

    expect(data).toEqual({ username: 'ada' });
    expect(refreshBodies).toEqual([{ refresh: 'refresh-1' }]);
    expect(seen).toEqual(['Bearer expired', 'Bearer access-2']);
    expect(session.access()).toBe('access-2');
    expect(session.refresh()).toBe('refresh-2');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('does not retry a second time when the replayed request is also refused', async () => {
    session.setTokens({ access: 'expired', refresh: 'refresh-1' });
    const seen = protectedProfile('never-accepted');
    const refreshBodies = rotatingRefresh({ access: 'access-2', refresh: 'refresh-2' });

    await expect(api.get('/user/profile/')).rejects.toMatchObject({ response: { status: 401 } });

    expect(seen).toEqual(['Bearer expired', 'Bearer access-2']);
    expect(refreshBodies).toHaveLength(1);
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    session.setTokens({ access: 'expired', refresh: 'refresh-1' });
    const seen = protectedProfile('access-2');
    const refreshBodies = rotatingRefresh({ access: 'access-2', refresh: 'refresh-2' }, 50);

    const answers = await Promise.all([api.get('/user/profile/'), api.get('/user/profile/')]);

    expect(answers.map((a) => a.data)).toEqual([{ username: 'ada' }, { username: 'ada' }]);
    expect(refreshBodies).toEqual([{ refresh: 'refresh-1' }]);
    expect(seen.filter((s) => s === 'Bearer access-2')).toHaveLength(2);
    expect(session.refresh()).toBe('refresh-2');
  });

  it('clears storage, announces and goes to login when the refresh fails', async () => {
    session.setTokens({ access: 'expired', refresh: 'spent' });
    session.setOrganizationId('org-1');
    protectedProfile('access-2');
    server.use(http.post(refreshUrl, () => HttpResponse.json({ detail: 'Your session has ended. Please log in again.' }, { status: 401 })));
    const announced = vi.fn();
    window.addEventListener(LOGIN_STATUS_CHANGED, announced);

    await expect(api.get('/user/profile/')).rejects.toBeTruthy();

    window.removeEventListener(LOGIN_STATUS_CHANGED, announced);
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(session.access()).toBeNull();
    expect(session.refresh()).toBeNull();
    expect(session.organizationId()).toBeNull();
    expect(announced).toHaveBeenCalled();
  });

  it('keeps the session when the refresh fails because another tab already refreshed', async () => {
    session.setTokens({ access: 'expired', refresh: 'refresh-1' });
    const seen = protectedProfile('access-2');
    server.use(
      http.post(refreshUrl, () => {
        // The other tab's refresh of the same token lands first.
        session.setTokens({ access: 'access-2', refresh: 'refresh-2' });
        return HttpResponse.json({ detail: 'Your session has ended. Please log in again.' }, { status: 401 });
      }),
    );

    const { data } = await api.get('/user/profile/');

    expect(data).toEqual({ username: 'ada' });
    expect(seen).toEqual(['Bearer expired', 'Bearer access-2']);
    expect(session.refresh()).toBe('refresh-2');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('uses a pair another tab stored, learnt from the storage event, without waiting for its own refresh', async () => {
    session.setTokens({ access: 'expired', refresh: 'refresh-1' });
    const seen = protectedProfile('access-2');
    let answerRefresh: () => void = () => {};
    const refreshAnswered = new Promise<void>((resolve) => (answerRefresh = resolve));
    server.use(
      http.post(refreshUrl, async () => {
        await refreshAnswered;
        return HttpResponse.json({ detail: 'Your session has ended. Please log in again.' }, { status: 401 });
      }),
    );
    const announced = vi.fn();
    window.addEventListener(LOGIN_STATUS_CHANGED, announced);

    const request = api.get('/user/profile/');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await delay(20); // the refresh is on its way
    session.setTokens({ access: 'access-2', refresh: 'refresh-2' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'refresh', newValue: 'refresh-2', storageArea: localStorage }));
    const { data } = await request;
    answerRefresh();

    window.removeEventListener(LOGIN_STATUS_CHANGED, announced);
    expect(data).toEqual({ username: 'ada' });
    expect(seen).toEqual(['Bearer expired', 'Bearer access-2']);
    expect(announced).toHaveBeenCalled();
    expect(session.refresh()).toBe('refresh-2');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('does not try to refresh without a refresh token', async () => {
    session.setTokens({ access: 'expired' });
    const seen = protectedProfile('access-2');
    const refreshBodies = rotatingRefresh({ access: 'access-2', refresh: 'refresh-2' });

    await expect(api.get('/user/profile/')).rejects.toMatchObject({ response: { status: 401 } });

    expect(seen).toHaveLength(1);
    expect(refreshBodies).toHaveLength(0);
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('passes other errors through untouched', async () => {
    session.setTokens({ access: 'a', refresh: 'r' });
    server.use(http.get(profileUrl, () => HttpResponse.json({ detail: 'nope' }, { status: 403 })));
    const refreshBodies = rotatingRefresh({ access: 'x', refresh: 'y' });

    await expect(api.get('/user/profile/')).rejects.toMatchObject({ response: { status: 403 } });
    expect(refreshBodies).toHaveLength(0);
  });

  it('has no time-out', () => {
    expect(api.defaults.timeout ?? 0).toBe(0);
  });
});

describe('the plain client (publicApi)', () => {
  it('times out after 80000 ms', () => {
    expect(publicApi.defaults.timeout).toBe(80000);
  });

  it('sends no bearer token and does not refresh on a 401', async () => {
    session.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const seen = protectedProfile('access-1');
    const refreshBodies = rotatingRefresh({ access: 'x', refresh: 'y' });

    await expect(publicApi.get('/user/profile/')).rejects.toMatchObject({ response: { status: 401 } });

    expect(seen).toEqual([null]);
    expect(refreshBodies).toHaveLength(0);
    expect(session.access()).toBe('access-1');
  });

  it('uses the /api base URL', () => {
    expect(publicApi.defaults.baseURL).toBe('/api');
    expect(api.defaults.baseURL).toBe('/api');
  });
});
