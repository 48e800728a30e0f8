import type { ReportReason } from '../../../shared/forums';
import { reportedPosts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { replyRow, threadRow } from './reads';

/** Stores a report of a thread or a reply, open, for the admin queue (issue 17). */
export async function reportPost(deps: AppDeps, me: AuthedUser, input: { threadId?: string; replyId?: string; reason: ReportReason; message?: string }) {
  const db = deps.database.db;
  if (input.threadId) await threadRow(db, input.threadId);
  if (input.replyId) await replyRow(db, input.replyId);
  await db.insert(reportedPosts).values({
    reporterId: me.id,
    reason: input.reason,
    threadId: input.threadId ?? null,
    replyId: input.replyId ?? null,
    message: input.reason === 'other' && input.message ? input.message : null,
  });
}
