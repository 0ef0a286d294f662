// Loads nobody awaits where they start: the shared cache's (lib/query)
// and a route's data asked for while its code loads (src/app/router.tsx).
// Each is kept here until it ends, so whoever must know the app has gone
// quiet (a test ending, before its mocked answers go) can wait for them:
// a request is on its way from the moment a load starts, some turns before
// the network layer sees it.
const underWay = new Set<Promise<void>>();

export function keepUntilSettled(load: Promise<unknown>): void {
  const settled: Promise<void> = load.then(
    () => {},
    () => {},
  );
  underWay.add(settled);
  void settled.finally(() => underWay.delete(settled));
}

// Resolves once every load started so far (and any started meanwhile) has
// ended.
export async function loadsSettled(): Promise<void> {
  while (underWay.size > 0) await Promise.all(underWay);
}
