import type { billingApi } from '@shared/api/billing';
import { routeRef } from '@shared/api/contract';
import type { Plan } from '@shared/billing';
import { call } from './api';

// By reference: the pricing cards are on the landing page, whose bundle keeps the schemas out.
const checkoutRoute = routeRef<typeof billingApi.checkout>({ method: 'post', path: '/billing/checkout' });

/** create-checkout-session, then off to the checkout page (Stripe's, or our test checkout). */
export async function startCheckout(plan: Plan): Promise<void> {
  const { url } = await call(checkoutRoute, { body: { plan } });
  window.location.assign(url);
}
