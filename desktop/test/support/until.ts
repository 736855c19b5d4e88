/**
 * Waits until `condition` holds, checking every 25 ms. Generous by default: it returns as soon as
 * the condition holds, and a loaded CI machine once took over 5 s to see a socket close.
 */
export async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
