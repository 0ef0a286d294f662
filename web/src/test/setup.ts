import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { server } from '@/test/server';
import { clearQueries } from '@/lib/query';

// Pages load as lazy chunks; on a busy two-core machine the first render of
// a file can take longer than the default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// react-hot-toast asks matchMedia about reduced motion; jsdom has none.
globalThis.matchMedia ??= (media: string) => ({ matches: false, media }) as MediaQueryList;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // The toast store outlives a test; start each one with none.
  act(() => toast.remove());
  // Unmount first: a page still on screen could ask for more (a list
  // refreshing) after its test's answers are gone, and fail the next test.
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  // Loaded data is shared across the app; each test starts with none
  // (after cleanup nothing shows any, so all of it is dropped).
  clearQueries();
});
afterAll(() => server.close());
