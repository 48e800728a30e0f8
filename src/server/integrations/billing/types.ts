import type { Plan } from '../../../shared/billing';

/**
 * The parts of Stripe's event payloads the billing module reads. Both adapters produce these
 * shapes (the test checkout builds them itself), so one handler applies both (ruling 26).
 */
export interface BillingEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, when the provider produced the event. */
  created: number;
  data: { object: Record<string, unknown> };
}

export interface SubscriptionObject {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end?: number;
  metadata?: Record<string, string>;
  items?: { data: { price: { id: string }; current_period_end?: number }[] };
}

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: Plan;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface DonationInput {
  userId: string | null;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
}

/** One interface, two adapters: Stripe (configured) and the local test checkout (offline default). */
export interface BillingProvider {
  readonly mode: 'stripe' | 'test';
  /** A hosted checkout page for a plan; the price is the server's (ruling 26). */
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createDonation(input: DonationInput): Promise<{ url: string }>;
  /** The page where a customer manages their subscription (Stripe's portal, or our test manage page). */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Checks a webhook delivery's signature (Stripe's scheme) and parses it; throws when it does not hold. */
  verify(payload: string, signature: string): BillingEvent;
  /** Cancels a subscription at once (admins); the provider's new state of it, for the event handler. */
  cancelNow(subscriptionId: string): Promise<SubscriptionObject>;
  /** Which plan a price id is, or null for a price that is not ours. */
  planOfPrice(priceId: string): Plan | null;
}

export class BillingUnavailableError extends Error {}
