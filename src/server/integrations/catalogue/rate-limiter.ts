/**
 * A token bucket for calls to the upstream API: bursts up to `burst`, refilled at `perSecond`.
 * Waiters are served in arrival order. TMDB's documented ceiling is "around 40 requests per second".
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perSecond = 40,
    private readonly burst = perSecond,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Resolves when the caller may send one request. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.take());
    this.queue = turn.catch(() => {});
    return turn;
  }

  private refill() {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  private async take() {
    this.refill();
    while (this.tokens < 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond)));
      this.refill();
    }
    this.tokens -= 1;
  }
}
