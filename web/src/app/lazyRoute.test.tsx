import { afterEach, beforeEach, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { lazyRoute } from './lazyRoute';

// React's own scheduling, as in the browser (not act's, which flushes
// effects at once): a render's passive effects run in a later task.
let wasAct: unknown;
let root: Root | undefined;
beforeEach(() => {
  wasAct = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  root?.unmount();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown }).IS_REACT_ACT_ENVIRONMENT = wasAct;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

it('shows the page when its code arrives between the first render and its effect', async () => {
  // Code already fetched (a prefetch from the page before): it is in by
  // the time the effect runs, though not when the route first rendered.
  const Route = lazyRoute(() => Promise.resolve({ default: () => <p>The page</p> }));
  const container = document.createElement('div');
  root = createRoot(container);
  root.render(<Route />);
  await settle();
  expect(container.textContent).toContain('The page');
});

it('shows the page when its code arrives later', async () => {
  let arrive = (_: { default: () => React.JSX.Element }) => {};
  const Route = lazyRoute(() => new Promise((resolve) => (arrive = resolve)));
  const container = document.createElement('div');
  root = createRoot(container);
  root.render(<Route />);
  await settle();
  expect(container.textContent).not.toContain('The page');
  arrive({ default: () => <p>The page</p> });
  await settle();
  expect(container.textContent).toContain('The page');
});
