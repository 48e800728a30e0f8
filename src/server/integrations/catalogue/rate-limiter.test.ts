import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limiter';

describe('TokenBucket', () => {
  it('lets a burst through, then paces requests to the rate', async () => {
    const bucket = new TokenBucket(50, 3);
    const started = Date.now();
    for (let i = 0; i < 3; i++) await bucket.acquire();
    expect(Date.now() - started).toBeLessThan(15);
    for (let i = 0; i < 5; i++) await bucket.acquire();
    // 5 more tokens at 50/s take about 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(85);
  });
});
