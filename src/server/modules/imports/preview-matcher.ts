import { sql } from 'drizzle-orm';
import type { ImportPreview, ImportRow } from '../../../shared/imports';
import { queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { matchEntries, type SearchCache } from './match';
import type { ImportEntry } from './parse';

/**
 * Matching a preview's titles in the background (decision 053, amended): against TMDB a large file
 * takes minutes (about 40 lookups a second), longer than a request may wait behind a proxy. The
 * preview row (`status` matching) holds the file's entries and the rows matched so far; the matcher
 * appends a checkpoint every couple of seconds with the cursor moved in the same statement, only if
 * the cursor is still where it read it, so after a crash another instance (the runner claims a
 * preview whose heartbeat went stale) goes on from the last checkpoint and no row is matched into
 * the preview twice.
 */

/** Entries matched between two looks at the clock (TMDB: about a second's worth). */
const MATCH_CHUNK = 40;
/** A checkpoint at least this often, and so a heartbeat: well under IMPORT_STALE_MS. */
const CHECKPOINT_MS = 2_000;

/** What a `matching` row keeps in `preview`. */
export interface MatchingState {
  entries: ImportEntry[];
  watchedOnly: number;
  rows: ImportRow[];
}

/** What a `preview` row keeps in `preview`, once matched. */
export interface StoredPreview {
  rows: ImportRow[];
  counts: ImportPreview['counts'];
}

export function countsOf(rows: readonly ImportRow[], watchedOnly: number): ImportPreview['counts'] {
  return {
    rows: rows.length,
    matched: rows.filter((r) => r.status === 'matched').length,
    ambiguous: rows.filter((r) => r.status === 'ambiguous').length,
    notFound: rows.filter((r) => r.status === 'notFound').length,
    watchedOnly,
  };
}

/**
 * Matches a `matching` preview from its cursor to the end and makes it a `preview`. Returns false
 * when it stopped because the row is gone (deleted, confirmed elsewhere) or another matcher moved on,
 * or `shouldStop()` said so; the row is then left for whoever holds it.
 */
export async function matchPreview(deps: Pick<AppDeps, 'database' | 'catalogue'>, id: string, shouldStop: () => boolean = () => false): Promise<boolean> {
  const { db } = deps.database;
  const [row] = await queryRows<{ preview: MatchingState; cursor: number; status: string }>(db, sql`SELECT preview, cursor, status FROM import_jobs WHERE id = ${id}`);
  if (!row || row.status !== 'matching') return false;
  const { entries, watchedOnly } = row.preview;
  const searches: SearchCache = new Map();
  let cursor = row.cursor;
  let pending: ImportRow[] = [];
  let lastCheckpoint = performance.now();

  /** Appends the pending rows and moves the cursor, if nobody else did; false if someone did. */
  const checkpoint = async () => {
    const next = cursor + pending.length;
    const moved = await queryRows<{ id: string }>(
      db,
      sql`UPDATE import_jobs SET preview = jsonb_set(preview, '{rows}', (preview -> 'rows') || ${JSON.stringify(pending)}::jsonb),
                 cursor = ${next}, heartbeat_at = now()
           WHERE id = ${id} AND status = 'matching' AND cursor = ${cursor} RETURNING id`,
    );
    if (moved.length === 0) return false;
    cursor = next;
    pending = [];
    lastCheckpoint = performance.now();
    return true;
  };

  while (cursor + pending.length < entries.length) {
    if (shouldStop()) return false;
    const from = cursor + pending.length;
    pending.push(...(await matchEntries(deps.catalogue, entries.slice(from, from + MATCH_CHUNK), { firstRow: from, searches })));
    if (performance.now() - lastCheckpoint >= CHECKPOINT_MS && !(await checkpoint())) return false;
  }
  if (pending.length && !(await checkpoint())) return false;

  const [done] = await queryRows<{ rows: ImportRow[] }>(db, sql`SELECT preview -> 'rows' AS rows FROM import_jobs WHERE id = ${id} AND status = 'matching' AND cursor = ${cursor}`);
  if (!done) return false;
  const stored: StoredPreview = { rows: done.rows, counts: countsOf(done.rows, watchedOnly) };
  const finished = await queryRows<{ id: string }>(
    db,
    sql`UPDATE import_jobs SET status = 'preview', preview = ${JSON.stringify(stored)}::jsonb, cursor = 0, heartbeat_at = NULL
         WHERE id = ${id} AND status = 'matching' AND cursor = ${cursor} RETURNING id`,
  );
  return finished.length > 0;
}
