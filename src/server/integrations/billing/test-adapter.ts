import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { PLAN_CENTS, type Plan } from '../../../shared/billing';
import type { Database } from '../../db/client';
import { testCheckouts } from '../../db/schema';
import type { BillingEvent, BillingProvider, CheckoutInput, DonationInput, SubscriptionObject } from './types';

export const TEST_PRICES: Record<Plan, string> = { monthly: 'price_test_monthly', yearly: 'price_test_yearly' };

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The offline default: our own checkout page (`/billing/test-checkout/<id>`) and manage page
 * (`/billing/manage`), both marked 'Test mode'. What they do becomes Stripe-shaped events signed
 * with Stripe's scheme under a secret derived from the auth secret, and goes through the same
 * verification and handler as Stripe's webhooks: the offline path tests the real logic. The secret
 * is never the same as another deployment's, so nobody can forge test events from outside.
 */
export class TestCheckoutBilling implements BillingProvider {
  readonly mode = 'test' as const;
  readonly webhookSecret: string;

  constructor(
    private readonly db: Database,
    authSecret: string,
    /** False in production unless ALLOW_TEST_CHECKOUT: every call refuses (the routes answer 503). */
    readonly allowed: boolean,
  ) {
    this.webhookSecret = `whsec_${createHmac('sha256', authSecret).update('reelmates test checkout webhooks').digest('hex')}`;
  }

  async createCheckout(input: CheckoutInput) {
    const id = newId('cs_test');
    await this.db.insert(testCheckouts).values({ id, kind: 'subscription', userId: input.userId, plan: input.plan, amountCents: PLAN_CENTS[input.plan] });
    return { url: `/billing/test-checkout/${id}` };
  }

  async createDonation(input: DonationInput) {
    const id = newId('cs_test');
    await this.db.insert(testCheckouts).values({ id, kind: 'donation', userId: input.userId, amountCents: input.amountCents });
    return { url: `/billing/test-checkout/${id}` };
  }

  async portalUrl() {
    return '/billing/manage';
  }

  verify(payload: string, signature: string): BillingEvent {
    return Stripe.webhooks.constructEvent(payload, signature, this.webhookSecret) as unknown as BillingEvent;
  }

  /** Signs an event the way Stripe does, for delivery through `verify` and the one handler. */
  sign(event: BillingEvent): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }

  async cancelNow(subscriptionId: string): Promise<SubscriptionObject> {
    // The test provider keeps no state of its own: the caller passes the stored subscription on.
    return { id: subscriptionId, customer: '', status: 'canceled', cancel_at_period_end: false };
  }

  planOfPrice(priceId: string): Plan | null {
    return priceId === TEST_PRICES.monthly ? 'monthly' : priceId === TEST_PRICES.yearly ? 'yearly' : null;
  }
}
