import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod-config', () => {
  it('makes Zod jitless, so no schema probes eval under the page CSP', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
