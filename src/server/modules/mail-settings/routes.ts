import { mailApi } from '../../../shared/api/mail';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { emailDelivery, retryEmailDelivery, unsubscribe, unsubscribeView } from './service';

/** The handlers of src/shared/api/mail.ts. */
export function mailSettingsRoutes(deps: AppDeps) {
  return routeTable(deps, mailApi, {
    unsubscribeView: async (c) => c.json(await unsubscribeView(deps, c.req.valid('param').token), 200),
    unsubscribe: async (c) => c.json(await unsubscribe(deps, c.req.valid('param').token), 200),
    emailDelivery: async (c) => c.json(await emailDelivery(deps, c.get('user').id), 200),
    retryEmailDelivery: async (c) => c.json(await retryEmailDelivery(deps, c.get('user').id), 200),
  });
}
