import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { server } from '@/test/server';
import { clearQueries } from '@/lib/query';
import { loadsSettled } from '@/lib/underWay';
import { catalogs } from 'virtual:catalogs';
import { changeLanguage, i18n, loadNamespaces } from '@/i18n/i18n';
import type { Namespace } from '@/i18n/ids';

// Pages load as lazy chunks, transformed on first use; on a loaded two-core
// machine the first render of a file can take many seconds. What never
// comes still fails the wait, after this long.
configure({ asyncUtilTimeout: 15_000 });

// react-hot-toast asks matchMedia about reduced motion; jsdom has none.
globalThis.matchMedia ??= (media: string) => ({ matches: false, media }) as MediaQueryList;

// Every request must meet a handler of the test that sent it. One that
// meets none fails that test (naming it), not a later one by chance: the
// request is refused, as onUnhandledRequest 'error' does, and recorded.
const unhandled: string[] = [];
// Requests being answered, and who waits for none to be left.
const answering = new Set<Request>();
let allAnswered: (() => void) | null = null;
server.events.on('request:start', ({ request }) => answering.add(request));
server.events.on('request:end', ({ request }) => settle(request));
server.events.on('unhandledException', ({ request }) => settle(request));
function settle(request: Request) {
  answering.delete(request);
  if (answering.size === 0) allAnswered?.();
}
// Resolves once every request under way has its answer.
function answered(): Promise<void> {
  if (answering.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    allAnswered = () => {
      allAnswered = null;
      resolve();
    };
  });
}

// Tests read the app in English (the spec's words), every namespace at hand;
// a test that switches language is switched back after it.
const namespaces = Object.keys(catalogs)
  .filter((name) => name.startsWith('en/'))
  .map((name) => name.slice('en/'.length) as Namespace);
beforeAll(async () => {
  await loadNamespaces(...namespaces);
  await changeLanguage('en');
});

beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url} (during "${expect.getState().currentTestName ?? 'no test'}")`);
      settle(request);
      print.error();
    },
  }),
);
afterEach(async () => {
  // The toast store outlives a test; start each one with none.
  act(() => toast.remove());
  // Unmount first: a page still on screen could ask for more (a list
  // refreshing) after its test's answers are gone, and fail the next test.
  cleanup();
  // A load started before the unmount (a list asked for as the test
  // ended, a route's prefetch whose code arrives only now) may not have
  // reached the network yet: it is answered by this test's handlers like
  // the rest.
  await loadsSettled();
  // A request sent before the unmount is answered by this test's handlers,
  // whenever its turn comes on a busy machine, before they are reset (an
  // answer may lead to one more request: wait for that too).
  while (answering.size > 0) await answered();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.locale !== 'en') await changeLanguage('en');
  // Loaded data is shared across the app; each test starts with none
  // (after cleanup nothing shows any, so all of it is dropped).
  clearQueries();
  expectNoUnhandledRequest();
});
afterAll(() => {
  server.close();
  expectNoUnhandledRequest();
});

function expectNoUnhandledRequest() {
  const requests = unhandled.splice(0);
  if (requests.length > 0) throw new Error(`requests no handler answered:\n  ${requests.join('\n  ')}`);
}
