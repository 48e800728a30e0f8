import { safetyApi } from '../../../shared/api/safety';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { listBlocked, listMuted } from './lists';
import { block, mute, unblock, unmute } from './service';

/** The handlers of src/shared/api/safety.ts: block and mute (issue 20 parts 1 and 2). */
export function safetyRoutes(deps: AppDeps) {
  return routeTable(deps, safetyApi, {
    block: async (c) => c.json(await block(deps, c.get('user').id, c.req.valid('param').userId), 200),
    unblock: async (c) => c.json(await unblock(deps, c.get('user').id, c.req.valid('param').userId), 200),
    listBlocked: async (c) => c.json({ users: await listBlocked(deps, c.get('user').id) }, 200),
    mute: async (c) => c.json(await mute(deps, c.get('user').id, c.req.valid('param').userId), 200),
    unmute: async (c) => c.json(await unmute(deps, c.get('user').id, c.req.valid('param').userId), 200),
    listMuted: async (c) => c.json({ users: await listMuted(deps, c.get('user').id) }, 200),
  });
}
