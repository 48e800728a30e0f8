import { describe, expect, it } from 'vitest';
import { MailRefused } from './transport';
import { bounceReason } from './undeliverable';

describe('bounceReason (decision 049)', () => {
  const made = new Date('2026-01-01T00:00:00Z');
  const window = 3 * 24 * 60 * 60_000;

  it("ends the mail at once on a permanent refusal, with the relay's answer", () => {
    expect(bounceReason(new MailRefused('550 5.1.1 no such user', true), made, window, made.getTime() + 1_000)).toBe('550 5.1.1 no such user');
  });

  it('retries a temporary refusal until the window has passed, then says how long it lasted', () => {
    const busy = new MailRefused('451 4.7.1 try later', false);
    expect(bounceReason(busy, made, window, made.getTime() + window - 1)).toBeNull();
    expect(bounceReason(busy, made, window, made.getTime() + window)).toBe('451 4.7.1 try later (still refused after 72 hours)');
  });

  it('keeps at most 500 characters', () => {
    expect(bounceReason(new MailRefused(`550 ${'x'.repeat(600)}`, true), made, window)).toHaveLength(500);
  });
});
