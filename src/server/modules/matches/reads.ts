import { sql } from 'drizzle-orm';
import type { AccessFlags } from '../../../shared/session';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { computeAccess } from '../accounts/access';
import { mutedBy } from '../safety/service';
import { type RankOptions, type RankResult, rankMatches } from './ranking';

/**
 * The matches page's reads, batched across requests (decision 022, ADR 070): the calls of one
 * event-loop turn share a statement, identical keys are read once, nothing is kept after the batch
 * answers. So the 50 requests of one member in a turn cost three statements (who they are, their
 * ranking, the cards), and 50 members in a turn cost two shared statements and their own rankings.
 */

interface StateRow {
  viewer: string;
  founding: boolean | null;
  admin: boolean;
  subscribed: boolean | null;
  tier: 'free' | 'trial' | 'premium' | null;
  subscriptionEndMs: number | null;
  trialEndMs: number | null;
  today: string[] | null;
}

/** Ruling 4's inputs (accounts/access.ts loadAccess reads the same three rows) and today's kept three (ruling 20). */
function stateStatement(db: Database) {
  return db
    .select({
      viewer: sql<string>`k.viewer`,
      founding: sql<boolean | null>`p.founding_member`,
      admin: sql<boolean>`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = k.viewer AND r.role = 'admin')`,
      subscribed: sql<boolean | null>`s.subscribed`,
      tier: sql<StateRow['tier']>`s.subscription_tier`,
      subscriptionEndMs: sql<number | null>`(extract(epoch FROM s.subscription_end) * 1000)::float8`,
      trialEndMs: sql<number | null>`(extract(epoch FROM s.trial_end) * 1000)::float8`,
      today: sql<string[] | null>`(SELECT to_json(d.match_ids) FROM match_daily d WHERE d.user_id = k.viewer AND d.day = (now() at time zone 'UTC')::date)`,
    })
    .from(
      sql`unnest(${sql.placeholder('viewers')}::text[]) AS k(viewer)
        LEFT JOIN profiles p ON p.id = k.viewer
        LEFT JOIN subscriptions s ON s.user_id = k.viewer`,
    )
    .prepare('match_viewer_state');
}

const stateStatementOf = preparedPerDatabase(stateStatement);

const loadState = batchedRead<string, StateRow | null>(
  async (db, viewers) => {
    const statement = stateStatementOf(db);
    return new Map((await statement.execute({ viewers })).map((r) => [r.viewer, r]));
  },
  () => null,
);

export interface ViewerState {
  access: AccessFlags;
  /** Today's kept matches (ruling 20), or null before the first visit of the UTC day. */
  today: string[] | null;
}

/** The viewer's access (ruling 4, as loadAccess computes it) and today's kept matches, in one batched statement. */
export async function viewerState(db: Database, viewer: { id: string; email: string }, ownerEmail?: string): Promise<ViewerState> {
  const row = await loadState(db, viewer.id);
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  const subscription =
    row && row.subscribed !== null && row.tier !== null
      ? { subscribed: row.subscribed, subscriptionTier: row.tier, subscriptionEnd: date(row.subscriptionEndMs), trialEnd: date(row.trialEndMs) }
      : null;
  const access = computeAccess({ email: viewer.email, ownerEmail, isAdmin: !!row?.admin, foundingMember: !!row?.founding, subscription });
  return { access, today: row?.today ?? null };
}

type RankKey = [viewer: string, limit: number, genres: readonly string[], onlyUsers: readonly string[] | null];

/**
 * A ranking (ranking.ts, one prepared statement per viewer): identical rankings asked in one turn
 * (one member's tabs and their dashboard) run once; different ones run side by side.
 */
const loadRanking = batchedRead<string, RankResult>(
  async (db, keys) => {
    const answers = await Promise.all(
      keys.map(async (key) => {
        const [viewer, limit, genres, onlyUsers] = JSON.parse(key) as RankKey;
        return [key, await rankMatches(db, viewer, { limit, genres, ...(onlyUsers ? { onlyUsers } : {}) })] as const;
      }),
    );
    return new Map(answers);
  },
  () => ({ matches: [], path: 'direct', viewerGenres: [] }),
);

export function ranking(db: Database, viewerId: string, options: RankOptions): Promise<RankResult> {
  return loadRanking(db, JSON.stringify([viewerId, options.limit, options.genres ?? [], options.onlyUsers ?? null] satisfies RankKey));
}

export interface SharedTitle {
  mediaType: 'movie' | 'tv';
  mediaId: number;
  title: string;
  posterPath: string | null;
  theirRating: number;
  myRating: number;
}

export interface CardPerson {
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

/**
 * The cards' people with their shared titles (newest of theirs first), for every (viewer, people)
 * key of the turn: one prepared statement, each key's people as a JSON array.
 */
function cardsStatement(db: Database) {
  const viewer = sql`k.viewer`;
  const sharedTitles = sql`(SELECT coalesce(json_agg(json_build_object('mediaType', f.media_type, 'mediaId', f.media_id, 'title', f.title,
        'posterPath', f.poster_path, 'theirRating', f.user_rating, 'myRating', m.user_rating) ORDER BY f.created_at DESC, f.id), '[]'::json)
      FROM favorites f JOIN favorites m ON m.user_id = ${viewer} AND m.media_type = f.media_type AND m.media_id = f.media_id
      WHERE f.user_id = u.id)`;
  return db
    .select({
      key: sql<string>`k.key`,
      people: sql<CardPerson[]>`(SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'fullName', p.full_name,
          'avatarUrl', p.avatar_url, 'isDemo', p.is_demo, 'genres', p.favorite_genres,
          'following', EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = ${viewer} AND fo.following_id = u.id),
          'muted', ${mutedBy(viewer, sql`u.id`)}, 'shared', ${sharedTitles})), '[]'::json)
        FROM "user" u JOIN profiles p ON p.id = u.id
        WHERE u.id IN (SELECT json_array_elements_text(k.ids::json)))`,
    })
    .from(sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('viewers')}::text[], ${sql.placeholder('ids')}::text[]) AS k(key, viewer, ids)`)
    .prepare('match_cards_batch');
}

const cardsStatementOf = preparedPerDatabase(cardsStatement);

const loadCards = batchedRead<string, CardPerson[]>(
  async (db, keys) => {
    const statement = cardsStatementOf(db);
    const asked = keys.map((key) => JSON.parse(key) as [string, string[]]);
    const found = await statement.execute({ keys, viewers: asked.map((k) => k[0]), ids: asked.map((k) => JSON.stringify(k[1])) });
    return new Map(found.map((r) => [r.key, r.people]));
  },
  () => [],
);

/** The people of the cards a viewer is shown, with what they share with the viewer. */
export function cardPeople(db: Database, viewerId: string, ids: readonly string[]): Promise<CardPerson[]> {
  return loadCards(db, JSON.stringify([viewerId, ids]));
}
