/** Waits between tries of a code chunk's import: about 30 s in all, as long as a server restart can take under load. */
export const IMPORT_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A code chunk's import, tried again while it fails. Pages and some parts of them (a card's actions,
 * the user menu) load their code when first shown; while the server restarts (a deploy) or the network
 * drops, that fetch fails, and without a retry the page would fall into its error view for good.
 * Chromium fetches a failed module again on the next import rather than keeping the failure; where a
 * browser keeps it, the route's error view offers a reload.
 */
export async function retryImport<T>(load: () => Promise<T>, delays: readonly number[] = IMPORT_RETRY_DELAYS_MS, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= delays.length) throw error;
      await wait(delays[attempt]!);
    }
  }
}
