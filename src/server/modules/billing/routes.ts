import { billingApi } from '../../../shared/api/billing';
import type { AppDeps } from '../../deps';
import { currentUser, routeTable } from '../accounts/guards';
import * as billing from './service';

/** The handlers of src/shared/api/billing.ts; logic and state changes are in the service and the event handler. */
export function billingRoutes(deps: AppDeps) {
  const origin = (url: string) => new URL(url).origin;
  return routeTable(deps, billingApi, {
    subscription: async (c) => c.json(await billing.subscriptionView(deps, c.get('user')), 200),
    checkout: async (c) => c.json(await billing.startCheckout(deps, c.get('user'), c.req.valid('json').plan, origin(c.req.url)), 201),
    startTrial: async (c) => c.json(await billing.startTrial(deps, c.get('user')), 201),
    portal: async (c) => c.json(await billing.openPortal(deps, c.get('user'), origin(c.req.url)), 201),
    donation: async (c) => c.json(await billing.startDonation(deps, await currentUser(deps, c), c.req.valid('json').amount, origin(c.req.url)), 201),
    webhook: async (c) => {
      // The signature covers the exact bytes: read the raw body, never a re-serialized one.
      await billing.handleWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
      return c.json({ received: true as const }, 200);
    },
    testCheckout: async (c) => c.json(await billing.getTestCheckout(deps, c.req.valid('param').id, await currentUser(deps, c), origin(c.req.url)), 200),
    payTestCheckout: async (c) => c.json(await billing.payTestCheckout(deps, c.req.valid('param').id, await currentUser(deps, c), c.req.valid('json'), origin(c.req.url)), 200),
    testPortal: async (c) => c.json(await billing.testPortalAction(deps, c.get('user'), c.req.valid('json')), 200),
  });
}
