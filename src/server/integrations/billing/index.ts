import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { StripeBilling } from './stripe-adapter';
import { TestCheckoutBilling } from './test-adapter';
import type { BillingProvider } from './types';

export type { BillingEvent, BillingProvider, SubscriptionObject } from './types';
export { StripeBilling } from './stripe-adapter';
export { newId, TEST_PRICES, TestCheckoutBilling } from './test-adapter';

/** Stripe when configured (all four STRIPE_* settings), else the local test checkout. */
export function createBilling(config: Config, db: Database, authSecret: string): BillingProvider {
  if (config.billing.stripe) return new StripeBilling(config.billing.stripe);
  return new TestCheckoutBilling(db, authSecret, config.billing.testCheckoutAllowed);
}
