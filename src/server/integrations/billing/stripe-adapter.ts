import Stripe from 'stripe';
import type { Plan } from '../../../shared/billing';
import type { Config } from '../../config';
import type { BillingEvent, BillingProvider, CheckoutInput, DonationInput, SubscriptionObject } from './types';

type StripeConfig = NonNullable<Config['billing']['stripe']>;

/** Stripe through its official SDK. Webhook signatures are checked with the SDK (5-minute tolerance). */
export class StripeBilling implements BillingProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    options: { httpClient?: Stripe.HttpClient } = {},
  ) {
    const api = config.apiUrl;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
  }

  async createCheckout(input: CheckoutInput) {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.config.prices[input.plan], quantity: 1 }],
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      client_reference_id: input.userId,
      metadata: { userId: input.userId, kind: 'subscription', plan: input.plan },
      subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url };
  }

  async createDonation(input: DonationInput) {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: 'Donation to Reelmates' } } }],
      ...(input.userId ? { client_reference_id: input.userId } : {}),
      metadata: { kind: 'donation', ...(input.userId ? { userId: input.userId } : {}) },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url };
  }

  async portalUrl(customerId: string, returnUrl: string) {
    const portal = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return portal.url;
  }

  verify(payload: string, signature: string): BillingEvent {
    return this.stripe.webhooks.constructEvent(payload, signature, this.config.webhookSecret) as unknown as BillingEvent;
  }

  async cancelNow(subscriptionId: string) {
    return (await this.stripe.subscriptions.cancel(subscriptionId)) as unknown as SubscriptionObject;
  }

  planOfPrice(priceId: string): Plan | null {
    return priceId === this.config.prices.monthly ? 'monthly' : priceId === this.config.prices.yearly ? 'yearly' : null;
  }
}
