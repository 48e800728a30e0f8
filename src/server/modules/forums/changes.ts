import type { AppDeps } from '../../deps';

/** Open thread pages refetch the thread (its replies, likes, follows). */
export function threadChanged(deps: AppDeps, forumId: string, threadId: string) {
  deps.events.publish({ everyone: true }, { type: 'forum-thread-changed', forumId, threadId });
}

/** Open forum lists refetch their threads (a thread added, renamed, pinned or gone). */
export function threadsChanged(deps: AppDeps, forumId: string) {
  deps.events.publish({ everyone: true }, { type: 'forum-threads-changed', forumId });
}

/** Runs after the answer: notifications never hold a request, and their failures are only logged. */
export function later(deps: AppDeps, what: string, job: () => Promise<void>) {
  setImmediate(() => {
    job().catch((err: unknown) => deps.logger.error({ err }, `${what} failed`));
  });
}
