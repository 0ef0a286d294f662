import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/test/server';
import { announceLoginStatusChange, session } from './storage';
import { publicApi } from './http';
import { invalidateQuery, setQueryData, useQuery } from './query';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Show({ name, queryKey, load }: { name: string; queryKey: string; load: () => Promise<string> }) {
  const q = useQuery(queryKey, load);
  return (
    <p data-testid={name}>
      {q.status === 'ready' ? q.data : q.status}
      {q.status === 'error' && (
        <button type="button" onClick={q.retry}>
          retry {name}
        </button>
      )}
    </p>
  );
}

describe('useQuery', () => {
  it('shares one request between components asking for the same key', async () => {
    let calls = 0;
    const answer = deferred<string>();
    const load = () => {
      calls += 1;
      return answer.promise;
    };
    render(
      <>
        <Show name="a" queryKey="k1" load={load} />
        <Show name="b" queryKey="k1" load={load} />
      </>,
    );
    expect(screen.getByTestId('a')).toHaveTextContent('loading');
    await act(async () => answer.resolve('Ana'));
    expect(screen.getByTestId('a')).toHaveTextContent('Ana');
    expect(screen.getByTestId('b')).toHaveTextContent('Ana');
    expect(calls).toBe(1);
  });

  it('retries after a failure, refetches on invalidate and takes data set by the app', async () => {
    let attempt = 0;
    const load = () => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('down')) : Promise.resolve(`answer ${attempt}`);
    };
    render(<Show name="a" queryKey="k2" load={load} />);
    const retry = await screen.findByRole('button', { name: 'retry a' });
    await act(async () => retry.click());
    expect(await screen.findByText('answer 2')).toBeInTheDocument();

    await act(async () => invalidateQuery('k2'));
    expect(await screen.findByText('answer 3')).toBeInTheDocument();

    act(() => setQueryData('k2', 'set by the app'));
    expect(screen.getByTestId('a')).toHaveTextContent('set by the app');
    expect(attempt).toBe(3);
  });

  it('loads what is on screen again when the session ends, instead of leaving it loading', async () => {
    session.setTokens({ access: 'access-1' });
    let attempt = 0;
    render(<Show name="list" queryKey="k3" load={() => Promise.resolve(`page ${(attempt += 1)}`)} />);
    expect(await screen.findByText('page 1')).toBeInTheDocument();

    // Logged out here or in another tab: a public list stays alive.
    act(() => {
      session.clear();
      announceLoginStatusChange();
    });

    expect(await screen.findByText('page 2')).toBeInTheDocument();
  });
});

// A load may reach the network some turns after it starts (the client's
// interceptors run first). One started as its test ends is still answered
// within that test, never in a later one where no handler waits for it.
describe('a load under way when its test ends', () => {
  let answered = 0;

  it('is started as the test ends', () => {
    server.use(
      http.get(apiUrl('/event/public/categories/'), () => {
        answered += 1;
        return HttpResponse.json([]);
      }),
    );
    const reachesNetwork = new Promise<void>((resolve) => setTimeout(resolve, 50));
    render(<Show name="late" queryKey="late" load={() => reachesNetwork.then(() => publicApi.get<string>('/event/public/categories/')).then((r) => r.data)} />);
  });

  it('was answered by the test that started it', () => {
    expect(answered).toBe(1);
  });
});
