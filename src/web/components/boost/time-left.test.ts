import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './time-left';

describe('formatTimeLeft', () => {
  it('gives hours and minutes, then minutes and seconds in the last hour, never negative', () => {
    expect(formatTimeLeft(48 * 3600_000)).toBe('48h 0m');
    expect(formatTimeLeft(3600_000 + 61_000)).toBe('1h 1m');
    expect(formatTimeLeft(59 * 60_000 + 5_000)).toBe('59m 5s');
    expect(formatTimeLeft(-5)).toBe('0m 0s');
  });
});
