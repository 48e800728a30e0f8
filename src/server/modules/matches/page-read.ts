import { type SQL, sql } from 'drizzle-orm';
import { SHARED_FAVORITES_SHOWN } from '../../../shared/matches';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { type EpochStamp, epochCache } from '../../db/epoch-cache';
import { mutedBy } from '../safety/service';
import { searchOnCopy } from './mirror-search';
import { compareMatches, type RankOptions, type RankResult, toRanked } from './ranking';
import { rankedColumns, rankQuery, type RankRow, rankUsersQuery } from './statements';

/**
 * The matches pages of every viewer of an event-loop turn: the premium pages ranked together on the
 * server's copy of match_sigs (decision 091: one statement for every ranking of the turn) and their
 * cards in one more statement: who they are, the titles they share with the viewer, following and
 * mute. A free member's three of the day are ranked and carded in one statement (ADR 070, "Update"):
 * the ranking of those ids (statements.ts) correlated to each unnested key by LATERAL, and beside
 * each ranked row its card. The scanned pages take that way too when a copy cannot be brought up to
 * date. Identical keys of a turn are read once; nothing is kept after the batch has answered.
 */

export interface SharedTitle {
  mediaType: 'movie' | 'tv';
  mediaId: number;
  title: string;
  posterPath: string | null;
  theirRating: number;
  myRating: number;
}

/** A card's person as the statement answers: every title they share with the viewer. */
interface CardRow {
  id: string;
  username: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  isDemo: boolean;
  genres: string[];
  following: boolean;
  muted: boolean;
  shared: SharedTitle[];
}

/** A card's person as a page keeps it: the first shared titles shown, and the rating gap over all of them. */
export interface CardPerson extends CardRow {
  /** The newest SHARED_FAVORITES_SHOWN of the shared titles (all of them can be hundreds). */
  shared: SharedTitle[];
  /** How far apart the two ratings are on average over every shared title, to one decimal. */
  ratingGap: number;
  /** How many titles the card's statement found shared (0: the card is not shown). */
  sharedTitles: number;
}

/**
 * Only what a card shows, so a kept page (ADR 087) stays small whatever the members' lists: two
 * members with 500 favorites in common would otherwise keep 500 titles in one card.
 */
function compactCard(card: CardRow): CardPerson {
  const gap = card.shared.length === 0 ? 0 : card.shared.reduce((sum, t) => sum + Math.abs(t.theirRating - t.myRating), 0) / card.shared.length;
  return { ...card, shared: card.shared.slice(0, SHARED_FAVORITES_SHOWN), ratingGap: Math.round(gap * 10) / 10, sharedTitles: card.shared.length };
}

/** One card's person as JSON (null when they have no profile), with the titles they share with `viewer`, newest of theirs first. */
function cardOf(viewer: SQL, person: SQL): SQL {
  const sharedTitles = sql`(SELECT coalesce(json_agg(json_build_object('mediaType', f.media_type, 'mediaId', f.media_id, 'title', f.title,
        'posterPath', f.poster_path, 'theirRating', f.user_rating, 'myRating', m.user_rating) ORDER BY f.created_at DESC, f.id), '[]'::json)
      FROM favorites f JOIN favorites m ON m.user_id = ${viewer} AND m.media_type = f.media_type AND m.media_id = f.media_id
      WHERE f.user_id = u.id)`;
  return sql`(SELECT json_build_object('id', u.id, 'username', u.username, 'fullName', p.full_name,
      'avatarUrl', p.avatar_url, 'isDemo', p.is_demo, 'genres', p.favorite_genres,
      'following', EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = ${viewer} AND fo.following_id = u.id),
      'muted', ${mutedBy(viewer, sql`u.id`)}, 'shared', ${sharedTitles})
    FROM "user" u JOIN profiles p ON p.id = u.id WHERE u.id = ${person})`;
}

/** The ranking's order (compareMatches), as the position of each ranked row of one key. */
const position = sql`row_number() OVER (ORDER BY r.boosted DESC, x.pct DESC, r.shared DESC, r.user_id COLLATE "C")`;
const pctOf = sql.raw(`least(100, (least(r.shared, m.m) * 200 + m.m) / (2 * m.m) + least(10, 2 * r.sg))`);

/**
 * Keys k(key, viewer, lim, genres, users, start), genres and users as JSON arrays: `users` the only
 * people to rank (a free member's three of the day; the scan ignores it); rows after position
 * `start` come with their card. Numbers go as text (the two drivers pass arrays their own ways).
 */
function pageStatement(db: Database, kind: 'scan' | 'users') {
  const viewer = sql`k.viewer`;
  const ranked = kind === 'scan' ? rankQuery(viewer, sql`k.lim`, sql`k.genres`) : rankUsersQuery(viewer, sql`k.users`, sql`k.genres`);
  const columns = rankedColumns();
  return db
    .select({ key: sql<string>`k.key`, ...columns, card: sql<CardRow | null>`CASE WHEN r.pos > k.start THEN ${cardOf(viewer, sql`r.user_id`)} END` })
    .from(
      sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('viewers')}::text[], ${sql.placeholder('limits')}::text[]::integer[],
          ${sql.placeholder('genres')}::text[], ${sql.placeholder('users')}::text[], ${sql.placeholder('starts')}::text[]::integer[]) AS k(key, viewer, lim, genres, users, start)
        CROSS JOIN LATERAL (SELECT r.*, ${position} AS pos
          FROM ${ranked} CROSS JOIN LATERAL (SELECT greatest(1, least(r.na, r.n)) AS m) m
          CROSS JOIN LATERAL (SELECT ${pctOf} AS pct) x) r`,
    )
    .prepare(kind === 'scan' ? 'match_page_scan' : 'match_page_users');
}

const scanStatementOf = preparedPerDatabase((db: Database) => pageStatement(db, 'scan'));

/** Cards for ranked people, k(key, viewer, person): one statement for every page of a turn ranked on the server's copy (decision 091). */
const cardsStatementOf = preparedPerDatabase((db: Database) =>
  db
    .select({ key: sql<string>`k.key`, card: sql<CardRow | null>`${cardOf(sql`k.viewer`, sql`k.person`)}` })
    .from(sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('viewers')}::text[], ${sql.placeholder('persons')}::text[]) AS k(key, viewer, person)`)
    .prepare('match_page_cards'),
);

/**
 * The scanned pages ranked on the server's copy of match_sigs (decision 091), then the cards of the
 * ranked rows after each page's `start`, in one statement for all of them. A key whose copy could not
 * be brought up to date is left out of the answer (null), for the statement that ranks in the database.
 */
async function rankOnCopy(db: Database, keys: string[], into: Map<string, PageRow[]>): Promise<string[]> {
  const asked = keys.map((key) => JSON.parse(key) as PageKey);
  const answers = await searchOnCopy(
    db,
    asked.map(([viewerId, limit, genres]) => ({ viewerId, limit, genres })),
  );
  const ranked = keys.map((key, i) => [key, asked[i]![0], answers[i] ?? null] as const);
  const wanted = { keys: [] as string[], viewers: [] as string[], persons: [] as string[] };
  for (const [key, viewer, rows] of ranked) {
    if (!rows) continue;
    const start = (JSON.parse(key) as PageKey)[4];
    into.set(
      key,
      rows.map((row) => ({ ...row, key, card: null })),
    );
    for (const row of rows.slice(start)) {
      wanted.keys.push(key);
      wanted.viewers.push(viewer);
      wanted.persons.push(row.userId);
    }
  }
  if (wanted.keys.length > 0) {
    for (const { key, card } of await cardsStatementOf(db).execute(wanted)) {
      const row = card && into.get(key)?.find((r) => r.userId === card.id);
      if (row) row.card = card;
    }
  }
  return ranked.filter(([, , rows]) => !rows).map(([key]) => key);
}
const usersStatementOf = preparedPerDatabase((db: Database) => pageStatement(db, 'users'));

type PageKey = [viewer: string, limit: number, genres: readonly string[], onlyUsers: readonly string[] | null, start: number];

export interface PageResult extends RankResult {
  /** The people of the ranked rows after `start`, by id. */
  people: Map<string, CardPerson>;
}

type PageRow = RankRow & { key: string; card: CardRow | null };

async function readPages(keys: string[], rows: (keys: string[], asked: PageKey[]) => Promise<PageRow[]>, into: Map<string, PageRow[]>) {
  if (keys.length === 0) return;
  const asked = keys.map((key) => JSON.parse(key) as PageKey);
  for (const row of await rows(keys, asked)) {
    const list = into.get(row.key);
    if (list) list.push(row);
    else into.set(row.key, [row]);
  }
}

/**
 * Keys per statement, where the ranking runs in the database. Each key is its own pass over match_sigs inside the statement, and one
 * statement runs in one PostgreSQL backend: with 100k members a ranking takes a good part of a
 * second, so the members of a busy turn are shared out over several statements that the pool runs
 * side by side, ten keys each, rather than all in one.
 */
const KEYS_PER_STATEMENT = 10;
const chunks = (keys: string[]) => Array.from({ length: Math.ceil(keys.length / KEYS_PER_STATEMENT) }, (_, i) => keys.slice(i * KEYS_PER_STATEMENT, (i + 1) * KEYS_PER_STATEMENT));

const loadPage = batchedRead<string, PageResult>(
  async (db, keys) => {
    const byKey = new Map<string, PageRow[]>();
    const values = (keys: string[], asked: PageKey[]) => ({
      keys,
      viewers: asked.map((k) => k[0]),
      limits: asked.map((k) => String(k[1])),
      genres: asked.map((k) => JSON.stringify(k[2])),
      users: asked.map((k) => JSON.stringify(k[3] ?? [])),
      starts: asked.map((k) => String(k[4])),
    });
    const scans = keys.filter((k) => (JSON.parse(k) as PageKey)[3] === null);
    const lists = keys.filter((k) => (JSON.parse(k) as PageKey)[3] !== null);
    const unranked = await rankOnCopy(db, scans, byKey);
    await Promise.all([
      ...chunks(unranked).map((part) => readPages(part, (keys, asked) => scanStatementOf(db).execute(values(keys, asked)) as Promise<PageRow[]>, byKey)),
      ...chunks(lists).map((part) => readPages(part, (keys, asked) => usersStatementOf(db).execute(values(keys, asked)) as Promise<PageRow[]>, byKey)),
    ]);
    return new Map(
      keys.map((key) => {
        const [, limit, , onlyUsers] = JSON.parse(key) as PageKey;
        const rows = byKey.get(key) ?? [];
        const people = new Map(rows.flatMap((r) => (r.card ? [[r.card.id, compactCard(r.card)] as const] : [])));
        const matches = rows.map(toRanked).sort(compareMatches).slice(0, limit);
        return [key, { matches, path: onlyUsers ? 'direct' : 'scan', viewerGenres: rows[0]?.viewerGenres ?? [], people }] as const;
      }),
    );
  },
  () => ({ matches: [], path: 'direct', viewerGenres: [], people: new Map() }),
);

/**
 * Pages kept while nothing they read has changed (ADR 087): a page depends only on the database's
 * rows (favorites, profiles, user, follows, blocks, mutes, match_sigs, the heavy titles; each write
 * to them raises match_epoch) and on the clock through the boosts, so it is kept until the epoch
 * moves or the next boost ends. At most 1,000 pages of up to 21 cards of up to 5 titles
 * (compactCard): tens of kilobytes a page, tens of megabytes at the very most.
 */
const keptPages = epochCache<PageResult>(1_000);

/**
 * The first `limit` of the viewer's ranking (rankMatches' answer) and the cards of those after the
 * first `start`, read with the other pages asked in the same turn, or kept from an earlier request
 * when `stamp` (read in the asking request's own snapshot) says nothing it reads has changed since.
 */
export async function rankedPage(db: Database, viewerId: string, options: RankOptions & { start: number }, stamp: EpochStamp | null): Promise<PageResult> {
  if (options.limit <= 0 || options.onlyUsers?.length === 0) return { matches: [], path: 'direct', viewerGenres: [], people: new Map() };
  const key = JSON.stringify([viewerId, options.limit, options.genres ?? [], options.onlyUsers ?? null, options.start] satisfies PageKey);
  return keptPages.through(db, key, stamp, () => loadPage(db, key));
}

/** How many pages are kept for this database (tests). */
export const keptPageCount = (db: Database) => keptPages.size(db);
