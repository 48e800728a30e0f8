import { describe, expect, it } from 'vitest';
import { OfflineCatalogue } from '../../integrations/catalogue/offline/offline-catalogue';
import { matchEntries } from './match';
import type { ImportEntry } from './parse';

const catalogue = new OfflineCatalogue();
const unknown = (i: number): ImportEntry => ({ name: `No Such Film ${i}`, year: 2000, imdbId: null, tmdbId: null, mediaType: 'movie', rating: 4, watchlist: false });

describe('matchEntries', () => {
  it('gives way to the event loop while it matches a large file against the in-memory catalogue', async () => {
    // A timer due at once runs only when the event loop gets a turn: if matching held the loop from
    // start to end, it would run only after every row was matched.
    let rowsWhenTimerRan = -1;
    const entries = Array.from({ length: 300 }, (_, i) => unknown(i));
    const rows: unknown[] = [];
    const done = matchEntries(catalogue, entries).then((r) => rows.push(...r));
    setTimeout(() => (rowsWhenTimerRan = rows.length), 0);
    await done;
    expect(rows).toHaveLength(300);
    expect(rowsWhenTimerRan).toBe(0);
  }, 30_000);

  it('matches by title and year, and says when nothing is found', async () => {
    const [found, missing] = await matchEntries(catalogue, [{ ...unknown(0), name: 'Inception', year: 2010 }, unknown(1)]);
    expect(found).toMatchObject({ status: 'matched', match: { title: 'Inception', year: 2010 } });
    expect(missing).toMatchObject({ status: 'notFound', match: null });
  });
});
