/**
 * Polls `check` every 20 ms until it holds, failing after `timeoutMs`. Its own module, with no imports, so the
 * end-to-end specs can read the outbox without loading the server's socket test helpers.
 */
export async function waitFor(label: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
