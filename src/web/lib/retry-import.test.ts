import { describe, expect, it } from 'vitest';
import { retryImport } from './retry-import';

describe('retryImport', () => {
  it('tries again after each failure, waiting the given delays, and answers the first success', async () => {
    const waited: number[] = [];
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls < 3) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: 'page' };
    };
    await expect(retryImport(load, [10, 20, 30], async (ms) => void waited.push(ms))).resolves.toEqual({ default: 'page' });
    expect(calls).toBe(3);
    expect(waited).toEqual([10, 20]);
  });

  it('gives up with the last error once every delay is spent', async () => {
    const waited: number[] = [];
    let calls = 0;
    const load = async () => {
      calls++;
      throw new TypeError(`failure ${calls}`);
    };
    await expect(retryImport(load, [1, 2], async (ms) => void waited.push(ms))).rejects.toThrow('failure 3');
    expect(waited).toEqual([1, 2]);
  });
});
