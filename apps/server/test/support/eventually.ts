/**
 * Polls `read` until `ok` holds for its value (by default: the value is truthy) and returns that
 * value; after `timeoutMs` it throws with the last value seen. The one way tests wait for
 * something that happens in the background (a job, a notification, a cache eviction).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean = Boolean,
  { timeoutMs = 30_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`eventually: condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
