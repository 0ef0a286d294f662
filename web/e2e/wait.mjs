// waitFor polls check() until it returns a truthy value, which it resolves
// with; a check that throws fails at once. After timeout ms it rejects with
// message (a string or a function giving one).
export async function waitFor(check, { timeout = 10_000, interval = 100, message = 'condition not met' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) {
      throw new Error(`waitFor: ${typeof message === 'function' ? message() : message} (after ${timeout} ms)`);
    }
    await new Promise((res) => setTimeout(res, interval));
  }
}
