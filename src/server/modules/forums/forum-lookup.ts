import { eq, sql } from 'drizzle-orm';
import type { Forum } from '../../../shared/forums';
import type { MediaType } from '../../../shared/catalogue';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { forums } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';

type ForumRow = typeof forums.$inferSelect;

const toForum = (f: ForumRow): Forum => ({
  id: f.id,
  type: f.type,
  name: f.name,
  description: f.description,
  referenceType: f.referenceType,
  referenceId: f.referenceId,
  genreName: f.genreName,
  threadCount: f.threadCount,
});

/** Forums by key, for many keys in one prepared statement. */
function selectByKeys(db: Database) {
  return db
    .select()
    .from(forums)
    .where(sql`${forums.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('forums_by_key');
}

const statementOf = preparedPerDatabase(selectByKeys);

/**
 * The forum of a key, batched with the other lookups of the same moment (decision 022; ADR 066): a
 * title's forum and its genres' forums, and other requests' at once, are one statement. Reads only.
 */
const loadForum = batchedRead<string, ForumRow | null>(
  async (db, keys) => {
    const statement = statementOf(db);
    return new Map((await statement.execute({ keys })).map((f) => [f.key, f]));
  },
  () => null,
);

/**
 * One row per key, also when two requests create it at once (the unique key decides). A forum that
 * exists is read, never written: a GET writes only the first time a title or genre is opened.
 */
async function getOrCreateForum(db: Database, values: typeof forums.$inferInsert): Promise<Forum> {
  const existing = await loadForum(db, values.key);
  if (existing) return toForum(existing);
  await db.insert(forums).values(values).onConflictDoNothing({ target: forums.key });
  const [row] = await db.select().from(forums).where(eq(forums.key, values.key));
  return toForum(row!);
}

/** The row of a genre's forum: its key, name and description (also what the demo seed writes). */
export const genreForumValues = (genreName: string) =>
  ({
    key: `genre:${genreName.toLowerCase()}`,
    type: 'genre',
    name: genreName,
    description: `Everything ${genreName}: recommendations, favorites and hot takes.`,
    genreName,
  }) satisfies typeof forums.$inferInsert;

/** The row of a title's forum, from the catalogue's name of the title. */
export const titleForumValues = (mediaType: MediaType, mediaId: number, title: string) =>
  ({
    key: `title:${mediaType}:${mediaId}`,
    type: 'title',
    name: title,
    description: `Discussions about ${title}.`,
    referenceType: mediaType,
    referenceId: mediaId,
  }) satisfies typeof forums.$inferInsert;

/** getOrCreateGenreForum (spec 001 §7): one forum per genre name (the route accepts only known genres). */
export function getOrCreateGenreForum(deps: AppDeps, genreName: string): Promise<Forum> {
  return getOrCreateForum(deps.database.db, genreForumValues(genreName));
}

/**
 * getOrCreateTitleForum (spec 001 §7) and the forums of the title's genres, for the Discussions
 * section's tabs. The name and genres come from the catalogue, never from the client; 404 for an
 * unknown title.
 */
export async function titleForums(deps: AppDeps, mediaType: MediaType, mediaId: number): Promise<{ title: Forum; genres: Forum[] }> {
  const details = await deps.catalogue.getDetails(mediaType, mediaId);
  if (!details) throw errors.notFound('Title not found');
  // Looked up together, so that the title's forum and its genres' are one statement once they exist.
  const [title, ...genres] = await Promise.all([
    getOrCreateForum(deps.database.db, titleForumValues(mediaType, mediaId, details.title)),
    ...details.genres.map((g) => getOrCreateGenreForum(deps, g)),
  ]);
  return { title: title!, genres };
}
