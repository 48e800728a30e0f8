import { type SQL, sql } from 'drizzle-orm';
import { type ConversationSummary, MESSAGE_TEXT } from '../../../shared/messages';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import { deletedUser } from './service';

const PREVIEW = 140;
const CONVERSATION_LIMIT = 100;

interface ConversationRow {
  other_id: string;
  id: string;
  content: string;
  sender_id: string | null;
  read: boolean;
  created_at: string | Date;
  unread: number;
  username: string | null;
  display_username: string | null;
  full_name: string | null;
  avatar_url: string | null;
  exists: boolean;
}

/**
 * The conversations of the user `me` names (a parameter, or a column of an outer query): per other
 * participant the last message, my unread count and who they are; newest first, filtered by a
 * search on username, name or 'Deleted user' when one is given. A conversation with someone who
 * blocked me is not mine to read any more (ruling 28); the blocker keeps theirs.
 */
function conversationsOf(me: SQL, search?: string): SQL {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : '';
  return sql`WITH mine AS (
          SELECT m.*, CASE WHEN m.user_a = ${me} THEN m.user_b ELSE m.user_a END AS other_id
          FROM messages m WHERE m.user_a = ${me} OR m.user_b = ${me}
        ), last AS (
          SELECT DISTINCT ON (other_id) other_id, id, content, sender_id, read, created_at
          FROM mine ORDER BY other_id, created_at DESC, id DESC
        ), unread AS (
          SELECT other_id, count(*)::int AS n FROM mine WHERE receiver_id = ${me} AND read = false GROUP BY other_id
        )
        SELECT last.*, coalesce(unread.n, 0)::int AS unread, u.username, u.display_username, p.full_name, p.avatar_url,
               (u.id IS NOT NULL) AS exists
        FROM last
        LEFT JOIN unread ON unread.other_id = last.other_id
        LEFT JOIN "user" u ON u.id = last.other_id
        LEFT JOIN profiles p ON p.id = last.other_id
        WHERE NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = last.other_id AND b.blocked_id = ${me})
        ${
          search
            ? sql`AND (lower(u.username) LIKE ${pattern}
           OR lower(coalesce(p.full_name, '')) LIKE ${pattern}
           OR (u.id IS NULL AND lower(${MESSAGE_TEXT.deletedUser}) LIKE ${pattern}))`
            : sql``
        }
        ORDER BY last.created_at DESC, last.id DESC
        LIMIT ${CONVERSATION_LIMIT}`;
}

const toSummary =
  (me: string) =>
  (r: ConversationRow): ConversationSummary => ({
    user: r.exists ? { id: r.other_id, username: r.display_username ?? r.username, fullName: r.full_name, avatarUrl: r.avatar_url, deleted: false } : deletedUser(r.other_id),
    lastMessage: {
      id: r.id,
      content: r.content.length > PREVIEW ? `${r.content.slice(0, PREVIEW)}…` : r.content,
      fromMe: r.sender_id === me,
      createdAt: new Date(r.created_at).toISOString(),
      read: r.read,
    },
    unreadCount: Number(r.unread),
  });

/** The unsearched lists of many users in one prepared statement: the query above per user, its rows as a json array. */
function selectLists(db: Database) {
  return db
    .select({ me: sql<string>`k.me`, rows: sql<ConversationRow[]>`(select coalesce(json_agg(c), '[]'::json) from (${conversationsOf(sql`k.me`)}) c)` })
    .from(sql`unnest(${sql.placeholder('users')}::text[]) as k(me)`)
    .prepare('conversation_lists');
}

const statementOf = preparedPerDatabase(selectLists);

/** The list the messages page opens with: batched with other requests' (decision 022). */
const loadList = batchedRead<string, ConversationRow[]>(
  async (db, users) => {
    return new Map((await statementOf(db).execute({ users })).map((r) => [r.me, r.rows]));
  },
  () => [],
);

/** Conversations of `me`, newest first, with the other participant, the last message and my unread count. */
export async function listConversations(db: Database, me: string, search: string): Promise<ConversationSummary[]> {
  const q = search.trim().toLowerCase();
  const rows = q ? await queryRows<ConversationRow>(db, conversationsOf(sql`${me}`, q)) : await loadList(db, me);
  return rows.map(toSummary(me));
}
