/**
 * Polls `probe` until it returns a value other than undefined, or fails with the last error after
 * the deadline: asynchronous effects are awaited without sleeps that race.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 15_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `condition not met within ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
