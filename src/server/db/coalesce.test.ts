import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { coalescedRun } from './coalesce';

/** The database is only the runs' namespace here (a WeakMap key). */
const db = {} as Database;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedRun (ADR 070)', () => {
  it('answers the identical calls of one turn with one run, and other keys with their own', async () => {
    const coalesce = coalescedRun<string>();
    const runs: string[] = [];
    const read = (key: string) => () => {
      runs.push(key);
      return Promise.resolve(`${key}:${runs.length}`);
    };
    const answers = await Promise.all([coalesce(db, 'a', read('a')), coalesce(db, 'a', read('a')), coalesce(db, 'b', read('b')), coalesce(db, 'a', read('a'))]);
    expect(runs).toEqual(['a', 'b']);
    expect(answers).toEqual(['a:1', 'a:1', 'b:2', 'a:1']);
  });

  it('never joins a run that has started: a later call waits for the next run, which reads after it was made', async () => {
    const coalesce = coalescedRun<number>();
    let value = 1;
    let release!: () => void;
    const started: number[] = [];
    const read = () => {
      started.push(value);
      return new Promise<number>((resolve) => {
        const answer = value;
        release = () => resolve(answer);
      });
    };
    const first = coalesce(db, 'k', read);
    await turn();
    expect(started).toEqual([1]);
    // A write, then two calls while the first run reads: they share a second run, after the first.
    value = 2;
    const second = [coalesce(db, 'k', read), coalesce(db, 'k', read)];
    await turn();
    await turn();
    expect(started).toEqual([1]);
    release();
    expect(await first).toBe(1);
    await turn();
    await turn();
    expect(started).toEqual([1, 2]);
    release();
    expect(await Promise.all(second)).toEqual([2, 2]);
  });

  it('rejects the callers of a failed run, and the next call runs again', async () => {
    const coalesce = coalescedRun<string>();
    const failing = [coalesce(db, 'x', () => Promise.reject(new Error('boom'))), coalesce(db, 'x', () => Promise.resolve('never'))];
    for (const call of failing) await expect(call).rejects.toThrow('boom');
    expect(await coalesce(db, 'x', () => Promise.resolve('again'))).toBe('again');
  });
});
