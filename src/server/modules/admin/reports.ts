import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_TEXT, type PostReport, type UserReport } from '../../../shared/admin';
import type { AppDeps } from '../../deps';
import { preparedPerDatabase, sharedRead } from '../../db/batch';
import type { Database } from '../../db/client';
import { forumReplies, forums, forumThreads, reportedPosts, reports, user } from '../../db/schema';
import type { AuthedUser } from '../../http/context';
import { errors } from '../../http/errors';
import { REPORT_BAN_REASON } from '../accounts/moderation';
import { deleteReply, deleteThread } from '../forums/service';
import { type Actor, recordAction } from './audit';
import { banInTransaction } from './users';

const reporter = alias(user, 'reporter');
const reported = alias(user, 'reported');
const nameOf = (u: { displayUsername: AnyPgColumn; username: AnyPgColumn }) => sql<string>`coalesce(${u.displayUsername}, ${u.username}, '')`;

/** Open user reports, newest first, with both usernames, prepared once per database (decision 022). */
const userReportsOf = preparedPerDatabase((db: Database) =>
  db
    .select({
      id: reports.id,
      reason: reports.reason,
      createdAt: reports.createdAt,
      reporterId: reporter.id,
      reporterName: nameOf(reporter),
      reportedId: reported.id,
      reportedName: nameOf(reported),
    })
    .from(reports)
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .where(eq(reports.status, 'open'))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(200)
    .prepare('admin_user_reports'),
);

/** Open user reports, newest first, with both usernames (spec 000 §7). Only open ones are listed. */
export function listUserReports(db: Database): Promise<UserReport[]> {
  return readUserReports(db, '');
}

const readUserReports = sharedRead(async (db, _key: ''): Promise<UserReport[]> => {
  const rows = await userReportsOf(db).execute();
  return rows.map((r) => ({
    id: r.id,
    reporter: r.reporterId ? { id: r.reporterId, username: r.reporterName } : null,
    reported: { id: r.reportedId, username: r.reportedName },
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
});

/** The open report, locked for this transaction; 404 unknown, 409 already resolved (another admin was quicker). */
async function openReport(tx: Database, id: string) {
  const [row] = await tx.select({ reportedId: reports.reportedId, status: reports.status }).from(reports).where(eq(reports.id, id)).for('update');
  if (!row) throw errors.notFound('Report not found.');
  if (row.status !== 'open') throw errors.conflict('report_resolved', ADMIN_TEXT.reportClosed);
  return row;
}

/**
 * Ban from a report (spec 000 §4): the reported user is banned with 'Banned by admin after user
 * report.' and the report resolved, with the user's other open reports (a banned user has
 * nothing left to review), all in one transaction with the audit entry.
 */
export async function banFromReport(db: Database, actor: Actor & { id: string }, id: string) {
  await db.transaction(async (tx: Database) => {
    const report = await openReport(tx, id);
    await banInTransaction(tx, actor, report.reportedId, REPORT_BAN_REASON);
    await tx
      .update(reports)
      .set({ status: 'resolved', resolvedAt: new Date() })
      .where(and(eq(reports.reportedId, report.reportedId), eq(reports.status, 'open')));
  });
}

export async function dismissReport(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx: Database) => {
    const report = await openReport(tx, id);
    await tx.update(reports).set({ status: 'resolved', resolvedAt: new Date() }).where(eq(reports.id, id));
    const [u] = await tx.select({ username: user.username }).from(user).where(eq(user.id, report.reportedId));
    await recordAction(tx, actor, 'dismiss_report', { userId: report.reportedId, label: u?.username ?? report.reportedId });
  });
}

// ---- Forum post reports ----

const postReporter = alias(user, 'post_reporter');
const author = alias(user, 'post_author');
const replyThread = alias(forumThreads, 'reply_thread');

/** Open post reports, newest first, each with its thread or reply and the thread it sits in (prepared once per database). */
const threadOf = sql<string>`coalesce(${forumThreads.id}, ${replyThread.id})`;
const postReportsOf = preparedPerDatabase((db: Database) =>
  db
    .select({
      id: reportedPosts.id,
      reason: reportedPosts.reason,
      message: reportedPosts.message,
      createdAt: reportedPosts.createdAt,
      reporterId: postReporter.id,
      reporterName: nameOf(postReporter),
      replyId: reportedPosts.replyId,
      threadId: threadOf,
      threadTitle: sql<string>`coalesce(${forumThreads.title}, ${replyThread.title})`,
      threadContent: sql<string>`coalesce(${forumThreads.content}, ${replyThread.content})`,
      replyContent: forumReplies.content,
      postCreatedAt: sql<string>`coalesce(${forumReplies.createdAt}, ${forumThreads.createdAt})`.mapWith((v: unknown) => new Date(v as string)),
      forumName: forums.name,
      authorId: author.id,
      authorName: nameOf(author),
    })
    .from(reportedPosts)
    .leftJoin(forumThreads, eq(forumThreads.id, reportedPosts.threadId))
    .leftJoin(forumReplies, eq(forumReplies.id, reportedPosts.replyId))
    .leftJoin(replyThread, eq(replyThread.id, forumReplies.threadId))
    .innerJoin(forums, eq(forums.id, sql`coalesce(${forumThreads.forumId}, ${replyThread.forumId})`))
    .leftJoin(author, eq(author.id, sql`coalesce(${forumReplies.authorId}, ${forumThreads.authorId})`))
    .leftJoin(postReporter, eq(postReporter.id, reportedPosts.reporterId))
    .where(eq(reportedPosts.status, 'open'))
    .orderBy(desc(reportedPosts.createdAt), desc(reportedPosts.id))
    .limit(200)
    .prepare('admin_post_reports'),
);

/** Every admin asking at the same moment shares one read (db/batch.ts sharedRead). */
export function listPostReports(db: Database): Promise<PostReport[]> {
  return readPostReports(db, '');
}

const readPostReports = sharedRead(async (db, _key: ''): Promise<PostReport[]> => {
  const rows = await postReportsOf(db).execute();
  return rows.map((r) => ({
    id: r.id,
    reporter: r.reporterId ? { id: r.reporterId, username: r.reporterName } : null,
    reason: r.reason,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    kind: r.replyId ? ('reply' as const) : ('thread' as const),
    threadId: r.threadId,
    threadTitle: r.threadTitle,
    forumName: r.forumName,
    content: r.replyId ? (r.replyContent ?? '') : r.threadContent,
    context: r.replyId ? r.threadContent : null,
    author: r.authorId ? { id: r.authorId, username: r.authorName } : null,
    postCreatedAt: r.postCreatedAt.toISOString(),
  }));
});

async function openPostReport(db: Database, id: string) {
  const [row] = await db.select().from(reportedPosts).where(eq(reportedPosts.id, id));
  if (!row) throw errors.notFound('Report not found.');
  if (row.status !== 'open') throw errors.conflict('report_resolved', ADMIN_TEXT.reportClosed);
  return row;
}

const excerpt = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);

/**
 * Deletes the reported post through the forums module (the same path as an author's delete:
 * counts, events), which deletes its reports by cascade, with the audit entry in the same transaction.
 */
export async function deleteReportedPost(deps: AppDeps, admin: AuthedUser, id: string) {
  const report = await openPostReport(deps.database.db, id);
  const db = deps.database.db;
  const [post] = report.replyId
    ? await db.select({ authorId: forumReplies.authorId, content: forumReplies.content }).from(forumReplies).where(eq(forumReplies.id, report.replyId))
    : await db.select({ authorId: forumThreads.authorId, content: forumThreads.title }).from(forumThreads).where(eq(forumThreads.id, report.threadId!));
  // The audit entry is written in the delete's own transaction: both happen, or neither.
  const audit = (tx: Database) =>
    recordAction(tx, { id: admin.id, name: admin.username }, 'delete_post', { userId: post?.authorId, label: excerpt(post?.content ?? id) }, report.reason);
  if (report.replyId) await deleteReply(deps, admin, report.replyId, audit);
  else await deleteThread(deps, admin, report.threadId!, audit);
}

export async function dismissPostReport(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx: Database) => {
    const rows = await tx
      .update(reportedPosts)
      .set({ status: 'resolved', resolvedAt: new Date() })
      .where(and(eq(reportedPosts.id, id), eq(reportedPosts.status, 'open')))
      .returning({ threadId: reportedPosts.threadId, replyId: reportedPosts.replyId, reason: reportedPosts.reason });
    if (rows.length === 0) await openPostReport(tx, id);
    const r = rows[0]!;
    const [post] = r.replyId
      ? await tx.select({ authorId: forumReplies.authorId, content: forumReplies.content }).from(forumReplies).where(eq(forumReplies.id, r.replyId))
      : await tx.select({ authorId: forumThreads.authorId, content: forumThreads.title }).from(forumThreads).where(eq(forumThreads.id, r.threadId!));
    await recordAction(tx, actor, 'dismiss_post_report', { userId: post?.authorId, label: excerpt(post?.content ?? id) }, r.reason);
  });
}
