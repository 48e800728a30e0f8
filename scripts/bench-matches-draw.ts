/**
 * The match bench's favorites (decision 014): each user's 50 distinct favorites are the first 50
 * distinct of 90 draws of floor(20001 ^ random()) (P(rank) ~ 1/rank over 20,000 titles), drawn here
 * and loaded with COPY.
 *
 * Drawn in SQL (an INSERT ... SELECT over generate_series, four parts side by side), the 5,000,000
 * rows of the 100,000-user set took 13-24 s: the executor's work per row, a random uuid per row, one
 * WAL record per row and the backends queueing on WALWriteLock. COPY writes a page's rows at once
 * (heap_multi_insert) and parses little: 6-8 s in one stream, 5 in two. One stream is kept: its rows
 * lie in (user, title) order, the order of the primary key and of favorites_user_title_idx, whose
 * builds then take 1-4 s instead of 3-10 s a piece (decision 091).
 *
 * Each user's draws come from the demo's generator (decision 040, `tasteOf`), seeded by the user's
 * number, so the data are the same on every run and on both database kinds.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../src/server/db/client';
import { type PopulationShape, tasteOf } from '../src/server/modules/demo/population';

export const MATCH_TITLES = 20_000;
export const MATCH_FAVORITES_PER_USER = 50;
const MATCH_DRAWS = 90;
/** Users per chunk written to a stream. */
const CHUNK_USERS = 500;

const COPY_STATEMENT = 'COPY favorites (id, user_id, media_type, media_id, title, user_rating) FROM';

/**
 * Member n's id: 'u' and n zero-padded to the width of the largest, so that the ids' text order is
 * their numeric order, the order the rows are written in.
 */
export function matchMemberId(n: number, users: number): string {
  return `u${String(n).padStart(String(users).length, '0')}`;
}

/** The match bench's shape in the one generator of decision 040: no taste clusters, 90 draws for 50. */
const MATCH_SHAPE: PopulationShape = {
  users: 0,
  seed: 'match-bench',
  titles: MATCH_TITLES,
  favoritesPerUser: MATCH_FAVORITES_PER_USER,
  drawFactor: MATCH_DRAWS / MATCH_FAVORITES_PER_USER,
};

/** User n's (1-based) favorites: titles in ascending order, each with a rating of 2 to 4. */
export function drawFavorites(n: number): { titles: number[]; ratings: number[] } {
  const favorites = tasteOf(MATCH_SHAPE, n - 1).favorites.sort((a, b) => a.rank - b.rank);
  return { titles: favorites.map((f) => f.rank), ratings: favorites.map((f) => f.rating) };
}

/**
 * Users 1..users as COPY text, chunk by chunk. A row's id is made of (user, title), not a random uuid:
 * the rows, written in (user, title) order, are then in the order of the primary key and of
 * favorites_user_title_idx, whose sorts find their input nearly sorted.
 */
function* copyText(users: number): Generator<string> {
  for (let from = 1; from <= users; from += CHUNK_USERS) {
    let chunk = '';
    for (let n = from; n <= Math.min(users, from + CHUNK_USERS - 1); n++) {
      const user = matchMemberId(n, users);
      const head = n.toString(16).padStart(12, '0');
      const { titles, ratings } = drawFavorites(n);
      for (let i = 0; i < titles.length; i++) chunk += `${head}${titles[i]!.toString(16).padStart(20, '0')}\t${user}\tmovie\t${titles[i]}\tT\t${ratings[i]}\n`;
    }
    yield chunk;
  }
}

/** Writes the favorites through one COPY (one stream: see above). */
async function copyFromStdin(handle: DatabaseHandle, users: number): Promise<void> {
  const client = await handle.pool!.connect();
  try {
    const stream = client.query(copyFrom(`${COPY_STATEMENT} STDIN`));
    for (const chunk of copyText(users)) if (!stream.write(chunk)) await once(stream, 'drain');
    stream.end();
    await finished(stream);
  } finally {
    client.release();
  }
}

/** Users 1..users' favorites into the bare favorites table (its triggers, keys and indexes set aside by the caller). */
export async function loadFavorites(handle: DatabaseHandle, users: number): Promise<void> {
  if (handle.kind === 'pglite') {
    await handle.pglite!.query(`${COPY_STATEMENT} '/dev/blob'`, [], { blob: new Blob([...copyText(users)]) });
    return;
  }
  await copyFromStdin(handle, users);
}
