import { describe, expect, it } from 'vitest';
import { advance, generationOf, type SigRow } from './sig-generations';
import { rankGeneration, type SearchInput } from './sig-mirror';

// Decision 091: generations of the server's copy of match_sigs, ranked in this process.

/** SigRow.bits for heavy slots and genre bits, as PostgreSQL's varbit_send(bit(512)) || varbit_send(bit(64)) gives them (bit 0 first). */
function bitsOf(slots: number[], genreBits: number[] = []): string {
  const buf = Buffer.alloc(4 + 64 + 4 + 8);
  buf.writeInt32BE(512, 0);
  buf.writeInt32BE(64, 68);
  for (const s of slots) buf[4 + (s >> 3)]! |= 0x80 >> (s & 7);
  for (const g of genreBits) buf[72 + (g >> 3)]! |= 0x80 >> (g & 7);
  return buf.toString('base64');
}

const row = (userId: string, slots: number[], extra: Partial<SigRow> = {}): SigRow => ({ userId, n: slots.length, visible: true, bits: bitsOf(slots), unknown: null, ...extra });

function ask(slots: number[], extra: Partial<SearchInput> = {}): SearchInput {
  return {
    viewerId: 'me',
    limit: 10,
    na: slots.length,
    viewerBits: bitsOf(slots),
    viewerUnknown: [],
    viewerGenres: [],
    wantedBits: bitsOf([]),
    wantedUnknown: [],
    wantedCount: 0,
    light: [],
    boosted: [],
    blocked: [],
    changed: [],
    gone: [],
    ...extra,
  };
}

const ids = (rows: { userId: string }[]) => rows.map((r) => r.userId);

describe("the server's copy of match_sigs", () => {
  const base = generationOf('1:1:', [
    row('me', [0, 1, 2, 3]),
    row('a', [0, 1, 2, 3]),
    row('b', [0, 1, 200]),
    row('c', [300], { n: 3 }),
    row('hidden', [0, 1, 2], { visible: false }),
  ]);

  it('ranks by percentage, then shared count, then id, leaving out the viewer, the invisible and those sharing nothing', () => {
    expect(ids(rankGeneration(base, ask([0, 1, 2, 3])))).toEqual(['a', 'b']);
    const [a, b] = rankGeneration(base, ask([0, 1, 2, 3]));
    expect([a!.shared, b!.shared]).toEqual([4, 2]);
  });

  it('counts light titles, puts the boosted first, and leaves out the blocked', () => {
    // c has three favorites, all light titles of the viewer's: 3 of min(4, 3), 100 %.
    expect(ids(rankGeneration(base, ask([0, 1, 2, 3], { light: ['c', 'c', 'c'] })))).toEqual(['a', 'c', 'b']);
    expect(ids(rankGeneration(base, ask([0, 1, 2, 3], { boosted: ['b'] })))).toEqual(['b', 'a']);
    expect(ids(rankGeneration(base, ask([0, 1, 2, 3], { blocked: ['a'] })))).toEqual(['b']);
  });

  it('lays the rows written since its snapshot over it, and a new generation leaves the old one as it was', () => {
    const changed = [row('b', [0, 1, 2, 3, 200]), row('new', [0, 1, 2, 3])];
    const input = ask([0, 1, 2, 3], { changed, gone: ['a'] });
    expect(ids(rankGeneration(base, input))).toEqual(['b', 'new']);
    const next = advance(base, '2:2:', changed, ['a']);
    expect(ids(rankGeneration(next, ask([0, 1, 2, 3])))).toEqual(['b', 'new']);
    expect(next.count).toBe(6);
    expect(ids(rankGeneration(base, ask([0, 1, 2, 3])))).toEqual(['a', 'b']);
    expect(base.count).toBe(5);
  });

  it('keeps the first `limit` in order when more share than fit, whatever the order of the rows', () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(`u${String(i).padStart(3, '0')}`, [0, 1, 2, 3].slice(0, 1 + (i % 4))));
    const gen = generationOf('1:1:', rows);
    const top = rankGeneration(gen, ask([0, 1, 2, 3], { limit: 5 }));
    const all = rankGeneration(gen, ask([0, 1, 2, 3], { limit: 1000 }));
    expect(top).toEqual(all.slice(0, 5));
    expect(all).toHaveLength(300);
    expect(ids(top)).toEqual(['u003', 'u007', 'u011', 'u015', 'u019']);
  });
});
