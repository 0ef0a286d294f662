// Data a route asks for while its code loads (src/app/router.tsx). Nobody
// awaits it where it starts, so it is kept here until it ends: whoever must
// know the app has gone quiet (a test ending) waits for it. A prefetch that
// fails is forgotten: the page asks again and says so.
const underWay = new Set<Promise<void>>();

export function trackPrefetch(prefetch: Promise<unknown>): void {
  const settled: Promise<void> = prefetch.then(
    () => {},
    () => {},
  );
  underWay.add(settled);
  void settled.finally(() => underWay.delete(settled));
}

// Resolves once every prefetch started so far (and any started meanwhile)
// has its answer.
export async function prefetchesSettled(): Promise<void> {
  while (underWay.size > 0) await Promise.all(underWay);
}
