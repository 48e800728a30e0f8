import {
  checkoutRequestSchema,
  donationRequestSchema,
  portalActionSchema,
  redirectSchema,
  subscriptionViewSchema,
  testCheckoutParamsSchema,
  testCheckoutSchema,
  testPaymentSchema,
  webhookAckSchema,
} from '../billing';
import { accessFlagsSchema } from '../session';
import { defineRoutes, type RateLimit } from './contract';
import { anyone, ownerOnly, rule, signedIn } from './authz';

const tags = ['Billing'];
/** Checkouts and donations create provider sessions: a few a minute is plenty for a person. */
const sessions: RateLimit = { bucket: 'billing-sessions', per: 'address', max: 20, windowMs: 60_000 };
/** Card attempts on the test checkout. */
const payments: RateLimit = { bucket: 'billing-payments', per: 'address', max: 20, windowMs: 60_000 };

/** Plans, the trial, checkout, the portal, donations and webhooks (issue 16; spec 000 §4, §7; rulings 4, 7, 15, 26). */
export const billingApi = defineRoutes({
  subscription: {
    authz: signedIn,
    method: 'get',
    path: '/billing/subscription',
    access: 'user',
    tags,
    summary: 'check-subscription: the access flags (ruling 4) and the plan behind them',
    status: 200,
    response: subscriptionViewSchema,
  },
  checkout: {
    authz: signedIn,
    method: 'post',
    path: '/billing/checkout',
    access: 'user',
    tags,
    summary: 'create-checkout-session: a checkout for a plan; price, currency and return URLs are the server’s',
    body: checkoutRequestSchema,
    status: 201,
    response: redirectSchema,
    errors: [409, 503],
    rateLimit: sessions,
  },
  startTrial: {
    // Once per account ever (ruling 7): a premium user, admins included, already has it.
    authz: rule(undefined, { visitor: 401, banned: 401, other: 'ok', owner: 409, admin: 409 }),
    method: 'post',
    path: '/billing/trial',
    access: 'user',
    tags,
    summary: 'Starts the 7-day free trial at once, without a card; once per account ever (ruling 7)',
    status: 201,
    response: accessFlagsSchema,
    errors: [409],
  },
  portal: {
    authz: ownerOnly('subscriber'),
    method: 'post',
    path: '/billing/portal',
    access: 'user',
    tags,
    summary: 'customer-portal: where the caller manages their own subscription',
    status: 201,
    response: redirectSchema,
    errors: [404, 503],
    rateLimit: sessions,
  },
  donation: {
    authz: anyone(),
    method: 'post',
    path: '/billing/donations',
    access: 'visitorOrUser',
    tags,
    summary: 'create-donation-session: a one-time payment in cents, at least 100 (ruling 15)',
    body: donationRequestSchema,
    status: 201,
    response: redirectSchema,
    errors: [503],
    rateLimit: sessions,
  },
  webhook: {
    // Signed by the payment provider, not by a session: nobody gets past a missing signature.
    authz: rule(undefined, { visitor: 400, banned: 400, other: 400, owner: 400, admin: 400 }),
    method: 'post',
    path: '/billing/webhook',
    access: 'visitor',
    tags,
    summary: "The provider's events, signed with Stripe's scheme (Stripe-Signature); each applied once",
    description: 'The raw body is verified before it is parsed. A bad or missing signature is a 400 and changes nothing.',
    status: 200,
    response: webhookAckSchema,
    errors: [503],
  },
  testCheckout: {
    // The owner's checkout: for anyone else, signed in or not, it does not exist.
    authz: rule('checkout', { visitor: 404, banned: 404, other: 404, owner: 'ok', admin: 404 }),
    method: 'get',
    path: '/billing/test-checkout/{id}',
    access: 'visitorOrUser',
    tags,
    summary: 'A test checkout session (offline default only)',
    params: testCheckoutParamsSchema,
    status: 200,
    response: testCheckoutSchema,
    errors: [404, 503],
  },
  payTestCheckout: {
    // The owner's checkout: for anyone else, signed in or not, it does not exist.
    authz: rule('checkout', { visitor: 404, banned: 404, other: 404, owner: 'ok', admin: 404 }),
    method: 'post',
    path: '/billing/test-checkout/{id}/pay',
    access: 'visitorOrUser',
    tags,
    summary: "Pays a test checkout with Stripe's test cards (4242… succeeds, 4000 0000 0000 0002 is declined)",
    params: testCheckoutParamsSchema,
    body: testPaymentSchema,
    status: 200,
    response: redirectSchema,
    errors: [404, 409, 503],
    rateLimit: payments,
  },
  testPortal: {
    authz: ownerOnly('subscriber'),
    method: 'post',
    path: '/billing/test-portal',
    access: 'user',
    tags,
    summary: 'The test manage page: switch plan, cancel at period end, resume (offline default only)',
    body: portalActionSchema,
    status: 200,
    response: subscriptionViewSchema,
    errors: [404, 503],
  },
});
