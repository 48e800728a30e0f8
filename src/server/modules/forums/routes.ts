import { forumsApi } from '../../../shared/api/forums';
import type { AppDeps } from '../../deps';
import { errorResponse, errors, handleError } from '../../http/errors';
import { CatalogueUnavailableError } from '../../integrations/catalogue';
import { routeTable } from '../accounts/guards';
import * as forums from './service';

const ok = { ok: true as const };

/** The handlers of src/shared/api/forums.ts; logic, counts, events and notifications are in the service. */
export function forumRoutes(deps: AppDeps) {
  const router = routeTable(deps, forumsApi, {
    titleForums: async (c) => {
      const { type, id } = c.req.valid('param');
      return c.json(await forums.titleForums(deps, type, id), 200);
    },
    genreForum: async (c) => c.json(await forums.getOrCreateGenreForum(deps, c.req.valid('param').name), 200),
    threads: async (c) => {
      const { after, limit } = c.req.valid('query');
      return c.json(await forums.listThreads(deps, c.req.valid('param').forumId, c.get('user').id, after, limit), 200);
    },
    createThread: async (c) => c.json(await forums.createThread(deps, c.get('user'), c.req.valid('param').forumId, c.req.valid('json')), 201),
    thread: async (c) => c.json(await forums.getThread(deps, c.req.valid('param').id, c.get('user').id), 200),
    updateThread: async (c) => c.json(await forums.updateThread(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
    deleteThread: async (c) => {
      await forums.deleteThread(deps, c.get('user'), c.req.valid('param').id);
      return c.json(ok, 200);
    },
    pinThread: async (c) => c.json(await forums.pinThread(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json').pinned), 200),
    likeThread: async (c) => c.json(await forums.setThreadLike(deps, c.get('user'), c.req.valid('param').id, true), 200),
    unlikeThread: async (c) => c.json(await forums.setThreadLike(deps, c.get('user'), c.req.valid('param').id, false), 200),
    followThread: async (c) => c.json(await forums.setThreadFollow(deps, c.get('user'), c.req.valid('param').id, true), 200),
    unfollowThread: async (c) => c.json(await forums.setThreadFollow(deps, c.get('user'), c.req.valid('param').id, false), 200),
    replies: async (c) => {
      const { after, limit } = c.req.valid('query');
      return c.json(await forums.listReplies(deps, c.req.valid('param').id, c.get('user').id, after, limit), 200);
    },
    createReply: async (c) => c.json(await forums.createReply(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
    updateReply: async (c) => c.json(await forums.updateReply(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json').content), 200),
    deleteReply: async (c) => {
      await forums.deleteReply(deps, c.get('user'), c.req.valid('param').id);
      return c.json(ok, 200);
    },
    likeReply: async (c) => c.json(await forums.setReplyLike(deps, c.get('user'), c.req.valid('param').id, true), 200),
    unlikeReply: async (c) => c.json(await forums.setReplyLike(deps, c.get('user'), c.req.valid('param').id, false), 200),
    report: async (c) => {
      await forums.reportPost(deps, c.get('user'), c.req.valid('json'));
      return c.json(ok, 201);
    },
    profileForums: async (c) => {
      const result = await forums.profileForums(deps, c.get('user'), c.req.valid('param').id);
      if (!result) throw errors.notFound('Profile not found');
      return c.json(result, 200);
    },
  });
  router.onError((err, c) => {
    if (!(err instanceof CatalogueUnavailableError)) return handleError(err, c);
    c.get('logger').warn({ err, path: c.req.path }, 'catalogue unavailable');
    c.header('Retry-After', '30');
    return errorResponse(c, 503, 'catalogue_unavailable', 'The movie database is not answering right now. Please try again in a moment.');
  });
  return router;
}
