import { z } from 'zod';
import { accessFlagsSchema } from './session';
import { text } from './text';

export { BILLING_TEXT } from './billing-text';
import { BILLING_TEXT } from './billing-text';

export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];
/** The prices in cents, fixed on the server (ruling 26); the client only names the plan. */
export const PLAN_CENTS: Record<Plan, number> = { monthly: 499, yearly: 3999 };

/** Ruling 15: presets in cents; a custom amount of at least 1 USD. */
export const DONATION_PRESETS_CENTS = [500, 1000, 2500] as const;
export const DONATION_DEFAULT_CENTS = 1000;
export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 1_000_000;

export const checkoutRequestSchema = z.object({ plan: z.enum(PLANS) }).meta({ id: 'CheckoutRequest' });
export const redirectSchema = z.object({ url: z.string() }).meta({ id: 'BillingRedirect' });
export const donationRequestSchema = z
  .object({
    amount: z
      .number({ message: BILLING_TEXT.donationInvalid })
      .int(BILLING_TEXT.donationInvalid)
      .min(DONATION_MIN_CENTS, BILLING_TEXT.donationInvalid)
      .max(DONATION_MAX_CENTS, 'Please enter an amount of at most $10,000.'),
  })
  .meta({ id: 'DonationRequest' });

/** GET /billing/subscription: the access flags and the plan behind them (spec 000 §3 subscriptions). */
export const subscriptionViewSchema = z
  .object({
    access: accessFlagsSchema,
    plan: z.enum(PLANS).nullable(),
    subscriptionEnd: z.iso.datetime().nullable(),
    willCancelAtPeriodEnd: z.boolean(),
    trialEnd: z.iso.datetime().nullable(),
    /** The 7-day trial is once per account ever (ruling 7). */
    trialAvailable: z.boolean(),
    /** A paid subscription exists that the portal can manage. */
    manageable: z.boolean(),
    mode: z.enum(['stripe', 'test']),
  })
  .meta({ id: 'SubscriptionView' });
export type SubscriptionView = z.output<typeof subscriptionViewSchema>;

export const testCheckoutParamsSchema = z.object({ id: text().min(1).max(100) });
export const testCheckoutSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['subscription', 'donation']),
    plan: z.enum(PLANS).nullable(),
    amountCents: z.number().int(),
    status: z.enum(['open', 'complete']),
    cancelUrl: z.string(),
  })
  .meta({ id: 'TestCheckout' });
export const testPaymentSchema = z
  .object({
    cardNumber: text().max(30),
    expiry: text()
      .max(7)
      .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, 'Enter the expiry date as MM/YY.'),
    cvc: text().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
    name: text().max(100).optional(),
  })
  .meta({ id: 'TestPayment' });

export const portalActionSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('switch'), plan: z.enum(PLANS) }),
    z.object({ action: z.literal('cancel') }),
    z.object({ action: z.literal('resume') }),
  ])
  .meta({ id: 'PortalAction' });
export type PortalAction = z.output<typeof portalActionSchema>;

export const webhookAckSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookAck' });
