import { useEffect, useState, type ComponentType } from 'react';
import { PageLoading } from '@/components/PageLoading';

// A page loaded on demand without suspending. React 19 holds back the
// reveal of a suspended boundary until 300 ms after its fallback appeared,
// so a page whose code arrives sooner would wait for nothing (before:
// /events sat 300 ms on "Loading..." with its code in). This one shows
// PageLoading until its module is in, then renders at the next update.
// Like React.lazy, a module that fails to load fails the render.
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let Page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      Page = module.default;
    }));

  return function LazyRoute() {
    const [, setLoaded] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    if (failure) throw failure.error;

    useEffect(() => {
      // Even when the code is in by now: it may have arrived after this
      // route rendered its loading state and before this effect ran (a
      // prefetch finishing then), and only this update shows the page.
      let current = true;
      start().then(
        () => current && setLoaded(true),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, []);

    if (!Page) {
      // Started during render, as React.lazy does: the earliest moment.
      void start().catch(() => {});
      return <PageLoading />;
    }
    return <Page />;
  };
}
