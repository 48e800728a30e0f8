import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { currentGeneration, dropGeneration, maybeAdvance, type MirrorSource, type SigRow } from './sig-generations';
import { rankGeneration } from './sig-mirror';
import { allSigsQuery, mirrorSearchStatement, type RankRow } from './statements';

/**
 * The match search on the server's copy of match_sigs (decision 091): one statement reads what the
 * copy cannot know, in its own snapshot, and the pass over every member runs here.
 */

const source: MirrorSource = {
  loadAll: (db) =>
    db.transaction(
      async (tx) => {
        const [head] = await queryRows<{ snap: string }>(tx as unknown as Database, sql`SELECT pg_current_snapshot()::text AS snap`);
        const rows = await queryRows<SigRow>(tx as unknown as Database, allSigsQuery);
        return { snap: head!.snap, rows };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
};

/** A copy told it may have missed a deletion is read again; this many times at most in one search. */
const RELOADS = 3;

export interface CopyAsk {
  viewerId: string;
  /** How many of the top matches. */
  limit: number;
  /** The premium filter; empty for none. */
  genres: readonly string[];
}

/**
 * The first `limit` of each asking viewer's ranking (the ranking's order, the viewer and the blocked
 * left out), exactly as the statement's own snapshot holds it, for every ask with one statement;
 * null when the copy could not be brought to that snapshot (read again RELOADS times while
 * tombstones kept being pruned), for the caller's SQL.
 */
export async function searchOnCopy(db: Database, asks: readonly CopyAsk[]): Promise<(RankRow[] | null)[]> {
  if (asks.length === 0) return [];
  for (let attempt = 0; attempt < RELOADS; attempt++) {
    const gen = await currentGeneration(db, source);
    const rows = await mirrorSearchStatement(db).execute({
      viewers: asks.map((a) => a.viewerId),
      genres: asks.map((a) => JSON.stringify(a.genres)),
      since: gen.snap,
    });
    rows.sort((a, b) => a.ord - b.ord);
    const first = rows[0];
    if (!first || rows.length !== asks.length) throw new Error('match search: an ask without an answer');
    if (first.reload) {
      dropGeneration(db, gen);
      continue;
    }
    const shared = { boosted: first.boosted ?? [], changed: first.changed ?? [], gone: first.gone ?? [] };
    const ranked = asks.map((ask, i) => rankGeneration(gen, { ...rows[i]!, ...shared, viewerId: ask.viewerId, limit: ask.limit }));
    maybeAdvance(db, gen, first.snap, shared.changed, shared.gone);
    return ranked;
  }
  return asks.map(() => null);
}
