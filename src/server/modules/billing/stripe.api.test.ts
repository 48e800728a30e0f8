import { createServer, type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { StripeBilling } from '../../integrations/billing';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, listenForTest, type TestApp } from '../../test/harness';
import { billingOf, cancelSubscription } from './service';

/** A local fake of the few Stripe endpoints we call; it records what it was asked. */
const calls: { method: string; path: string; form: URLSearchParams }[] = [];
const fake = createServer(async (req: IncomingMessage, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const path = req.url!.split('?')[0]!;
  calls.push({ method: req.method!, path, form: new URLSearchParams(body) });
  res.setHeader('content-type', 'application/json');
  if (path === '/v1/checkout/sessions') return res.end(JSON.stringify({ id: 'cs_fake_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_fake_1' }));
  if (path === '/v1/billing_portal/sessions') return res.end(JSON.stringify({ id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' }));
  const sub = path.match(/^\/v1\/subscriptions\/(\w+)$/);
  if (sub && req.method === 'DELETE') {
    return res.end(
      JSON.stringify({
        id: sub[1],
        object: 'subscription',
        customer: 'cus_fake',
        status: 'canceled',
        cancel_at_period_end: false,
        items: { data: [{ price: { id: 'price_monthly_fake' } }] },
      }),
    );
  }
  res.statusCode = 404;
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such route' } }));
});

const WEBHOOK_SECRET = 'whsec_fake_secret_for_tests';
let t: TestApp;
let server: { base: string; close(): Promise<void> };
beforeAll(async () => {
  server = await listenForTest(fake);
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_fake',
    STRIPE_PRICE_YEARLY: 'price_yearly_fake',
    STRIPE_API_URL: server.base,
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const deliver = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.request('/api/billing/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
};

describe('the Stripe adapter (against a local fake Stripe)', () => {
  it('creates checkout with our price and return URLs, applies signed webhooks, opens the portal, cancels', async () => {
    expect(billingOf(t.deps)).toBeInstanceOf(StripeBilling);
    const u = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, u.id));

    const res = await t.as(u)('/api/billing/checkout', { method: 'POST', json: { plan: 'yearly' } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.test/c/cs_fake_1' });
    const created = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(created.form.get('line_items[0][price]')).toBe('price_yearly_fake');
    expect(created.form.get('mode')).toBe('subscription');
    expect(created.form.get('client_reference_id')).toBe(u.id);
    expect(created.form.get('success_url')).toBe('http://localhost/discover?session_id={CHECKOUT_SESSION_ID}');

    const now = Math.floor(Date.now() / 1000);
    expect(
      (
        await deliver({
          id: 'evt_1',
          type: 'checkout.session.completed',
          created: now,
          data: { object: { id: 'cs_fake_1', mode: 'subscription', customer: 'cus_fake', client_reference_id: u.id, metadata: { userId: u.id } } },
        })
      ).status,
    ).toBe(200);
    const subscription = {
      id: 'sub_fake',
      customer: 'cus_fake',
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ price: { id: 'price_yearly_fake' }, current_period_end: now + 365 * 86400 }] },
    };
    expect((await deliver({ id: 'evt_2', type: 'customer.subscription.created', created: now, data: { object: subscription } })).status).toBe(200);
    const view = await (await t.as(u)('/api/billing/subscription')).json();
    expect(view).toMatchObject({ mode: 'stripe', plan: 'yearly', manageable: true, access: { isPremium: true, isSubscribed: true } });

    // Signed with another secret: refused, nothing changes.
    expect(
      (await deliver({ id: 'evt_3', type: 'customer.subscription.deleted', created: now + 1, data: { object: { ...subscription, status: 'canceled' } } }, 'whsec_other')).status,
    ).toBe(400);
    expect((await (await t.as(u)('/api/session')).json()).access.isPremium).toBe(true);

    const portal = await t.as(u)('/api/billing/portal', { method: 'POST' });
    expect(await portal.json()).toEqual({ url: 'https://billing.stripe.test/p/1' });
    const portalCall = calls.find((c) => c.path === '/v1/billing_portal/sessions')!;
    expect(portalCall.form.get('customer')).toBe('cus_fake');
    expect(portalCall.form.get('return_url')).toBe('http://localhost/settings');

    expect(await cancelSubscription(t.deps, u.id, { by: 'admin' })).toBe(true);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_fake')).toBe(true);
    expect((await (await t.as(u)('/api/session')).json()).access.isPremium).toBe(false);
  });

  it('a donation is a one-time USD payment of the amount in cents', async () => {
    const res = await t.request('/api/billing/donations', { method: 'POST', json: { amount: 1200 } });
    expect(res.status).toBe(201);
    const donation = calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(donation.form.get('mode')).toBe('payment');
    expect(donation.form.get('line_items[0][price_data][unit_amount]')).toBe('1200');
    expect(donation.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(donation.form.get('success_url')).toBe('http://localhost/support?status=success');
  });
});
