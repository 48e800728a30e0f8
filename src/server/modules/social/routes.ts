import { socialApi } from '../../../shared/api/social';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { followLists } from './follow-lists';
import { follow, removeFollower, reportUser, unfollow, updateSocialLinks } from './service';

/**
 * The handlers of src/shared/api/social.ts: following, followers lists, social links and reports
 * (spec 000 §2, §4). Events and notifications start in the service.
 */
export function socialRoutes(deps: AppDeps) {
  return routeTable(deps, socialApi, {
    follow: async (c) => c.json(await follow(deps, c.get('user').id, c.req.valid('param').userId), 200),
    unfollow: async (c) => c.json(await unfollow(deps, c.get('user').id, c.req.valid('param').userId), 200),
    followLists: async (c) => c.json(await followLists(deps, c.req.valid('param').userId, c.req.valid('query').q ?? '', c.get('user').id), 200),
    removeFollower: async (c) => c.json(await removeFollower(deps, c.get('user').id, c.req.valid('param').userId), 200),
    updateSocialLinks: async (c) => c.json(await updateSocialLinks(deps, c.get('user').id, c.req.valid('json')), 200),
    report: async (c) => c.json(await reportUser(deps, c.get('user').id, c.req.valid('param').userId, c.req.valid('json').reason), 201),
  });
}
