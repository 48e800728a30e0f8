import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TEXT } from '../../../shared/billing';
import { billingEvents, donations, mailOutbox, profiles, subscriptions, testCheckouts } from '../../db/schema';
import { TestCheckoutBilling } from '../../integrations/billing';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { billingOf } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
/** Early accounts are founding members (ruling 6), so premium: take that away to test plans. */
async function freeUser(): Promise<User> {
  const u = await signUpVerified(t);
  await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, u.id));
  return u;
}

const session = async (u: User) =>
  (await (await t.as(u)('/api/session')).json()).access as { isPremium: boolean; isOnTrial: boolean; trialDaysLeft: number; isSubscribed: boolean };
const view = async (u: User) =>
  (await (await t.as(u)('/api/billing/subscription')).json()) as {
    plan: string | null;
    willCancelAtPeriodEnd: boolean;
    trialAvailable: boolean;
    manageable: boolean;
    mode: string;
  };
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function checkout(u: User, plan: 'monthly' | 'yearly' = 'monthly') {
  const res = await t.as(u)('/api/billing/checkout', { method: 'POST', json: { plan } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { url } = (await res.json()) as { url: string };
  expect(url).toMatch(/^\/billing\/test-checkout\/cs_test_\w+$/);
  return url.split('/').pop()!;
}
const pay = (u: User | null, id: string, body = card) => t.as(u)(`/api/billing/test-checkout/${id}/pay`, { method: 'POST', json: body });

async function subscribe(u: User, plan: 'monthly' | 'yearly' = 'monthly') {
  const id = await checkout(u, plan);
  const res = await pay(u, id);
  expect(res.status, await res.clone().text()).toBe(200);
  return { id, url: ((await res.json()) as { url: string }).url };
}

function provider() {
  const p = billingOf(t.deps);
  if (!(p instanceof TestCheckoutBilling)) throw new Error('expected the test checkout');
  return p;
}

/** A delivery signed the way Stripe signs, with the SDK's own test helper. */
function signed(event: object, secret = provider().webhookSecret) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const deliver = ({ payload, signature }: { payload: string; signature: string }) =>
  t.request('/api/billing/webhook', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

let eventCounter = 0;
function subscriptionEvent(
  u: User,
  type: string,
  created: number,
  change: { plan?: 'monthly' | 'yearly'; cancel?: boolean; status?: string; sub?: string; customer?: string } = {},
) {
  return {
    id: `evt_t_${++eventCounter}_${Date.now()}`,
    type,
    created,
    data: {
      object: {
        id: change.sub ?? `sub_${u.id}`,
        customer: change.customer ?? `cus_${u.id}`,
        status: change.status ?? 'active',
        cancel_at_period_end: change.cancel ?? false,
        metadata: { userId: u.id },
        items: { data: [{ price: { id: `price_test_${change.plan ?? 'monthly'}` }, current_period_end: created + 30 * 86400 }] },
      },
    },
  };
}

describe('the test checkout', () => {
  it('is in test mode, accepts 4242… and makes the user premium on the next request', async () => {
    const u = await freeUser();
    expect((await session(u)).isPremium).toBe(false);
    expect((await view(u)).mode).toBe('test');
    const { id, url } = await subscribe(u, 'yearly');
    expect(url).toBe(`http://localhost/discover?session_id=${id}`);
    const access = await session(u);
    expect(access).toMatchObject({ isPremium: true, isSubscribed: true });
    expect(await view(u)).toMatchObject({ plan: 'yearly', manageable: true, willCancelAtPeriodEnd: false });
    // A receipt goes through the outbox.
    while ((await t.deps.mail.processDue()) > 0);
    expect(t.transport.sent.some((m) => m.to === u.email && m.subject === 'Your Reelmates Premium receipt')).toBe(true);
    // A completed checkout cannot be paid twice.
    expect((await pay(u, id)).status).toBe(409);
  });

  it('declines 4000 0000 0000 0002 with a clear message and changes nothing', async () => {
    const u = await freeUser();
    const id = await checkout(u);
    const res = await pay(u, id, { ...card, cardNumber: '4000 0000 0000 0002' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: 'card_declined', message: BILLING_TEXT.cardDeclined });
    expect((await session(u)).isPremium).toBe(false);
    const other = await pay(u, id, { ...card, cardNumber: '5555 5555 5555 4444' });
    expect((await other.json()).error.message).toBe(BILLING_TEXT.notATestCard);
    // The checkout stays open: the right card still works.
    expect((await pay(u, id)).status).toBe(200);
    expect((await session(u)).isPremium).toBe(true);
  });

  it("is its user's only; a visitor or another user cannot see or pay it", async () => {
    const u = await freeUser();
    const other = await freeUser();
    const id = await checkout(u);
    expect((await t.as(other)(`/api/billing/test-checkout/${id}`)).status).toBe(404);
    expect((await pay(null, id)).status).toBe(404);
    expect((await pay(other, id)).status).toBe(404);
    expect((await session(u)).isPremium).toBe(false);
  });

  it('refuses a plan that is not ours, and a checkout for someone already subscribed', async () => {
    const u = await freeUser();
    expect((await t.as(u)('/api/billing/checkout', { method: 'POST', json: { plan: 'lifetime' } })).status).toBe(400);
    expect((await t.as(u)('/api/billing/checkout', { method: 'POST', json: { plan: 'monthly', amount: 1 } })).status).toBe(201);
    await subscribe(u);
    expect((await t.as(u)('/api/billing/checkout', { method: 'POST', json: { plan: 'yearly' } })).status).toBe(409);
    expect((await t.request('/api/billing/checkout', { method: 'POST', json: { plan: 'monthly' } })).status).toBe(401);
  });
});

describe('the trial (ruling 7)', () => {
  it('starts at once without a card, counts 7 days, once per account ever', async () => {
    const u = await freeUser();
    expect((await view(u)).trialAvailable).toBe(true);
    const res = await t.as(u)('/api/billing/trial', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ isPremium: true, isOnTrial: true, trialDaysLeft: 7, tier: 'trial' });
    expect(await session(u)).toMatchObject({ isPremium: true, trialDaysLeft: 7 });
    expect((await view(u)).trialAvailable).toBe(false);
    // Ended: access falls back to free, and the trial cannot start again.
    await t.deps.database.db
      .update(subscriptions)
      .set({ trialStart: new Date(Date.now() - 8 * 86400_000), trialEnd: new Date(Date.now() - 86400_000) })
      .where(eq(subscriptions.userId, u.id));
    expect(await session(u)).toMatchObject({ isPremium: false, isOnTrial: false, trialDaysLeft: 0 });
    const again = await t.as(u)('/api/billing/trial', { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(BILLING_TEXT.trialUsed);
  });

  it('counts down: one day left on its last day', async () => {
    const u = await freeUser();
    await t.as(u)('/api/billing/trial', { method: 'POST' });
    await t.deps.database.db
      .update(subscriptions)
      .set({ trialEnd: new Date(Date.now() + 20 * 3600_000) })
      .where(eq(subscriptions.userId, u.id));
    expect(await session(u)).toMatchObject({ isOnTrial: true, trialDaysLeft: 1 });
  });

  it('starts once when asked twice at once; a paid plan replaces it; a premium user has none', async () => {
    const u = await freeUser();
    const results = await Promise.all([1, 2, 3].map(() => t.as(u)('/api/billing/trial', { method: 'POST' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    await subscribe(u);
    expect(await session(u)).toMatchObject({ isPremium: true, isSubscribed: true, isOnTrial: false });
    const founder = await signUpVerified(t);
    expect((await t.as(founder)('/api/billing/trial', { method: 'POST' })).status).toBe(409);
  });
});

describe('two tabs racing (issue 16: one subscription, one receipt, one trial)', () => {
  const receipts = (u: User) =>
    t.deps.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, u.email), eq(mailOutbox.subject, 'Your Reelmates Premium receipt')));

  it('two checkouts of one user paid at once, on two instances: one subscription, one receipt; the other checkout is refused and stays unpaid', async () => {
    const second = await createTestApp({}, { database: t.deps.database });
    try {
      for (const plans of [
        ['monthly', 'yearly'],
        ['yearly', 'yearly'],
      ] as const) {
        const u = await freeUser();
        // Both tabs opened the pricing page and started a checkout before either paid.
        const ids = [await checkout(u, plans[0]), await checkout(u, plans[1])];
        const results = await Promise.all([pay(u, ids[0]!), second.as(u)(`/api/billing/test-checkout/${ids[1]}/pay`, { method: 'POST', json: card })]);
        const statuses = results.map((r) => r.status);
        expect(statuses.sort()).toEqual([200, 409]);
        const refused = results.find((r) => r.status === 409)!;
        expect((await refused.json()).error.code).toBe('already_subscribed');
        const rows = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ subscribed: true, providerStatus: 'active' });
        expect(await receipts(u)).toHaveLength(1);
        // The customer the subscription is under is the one its checkout made: one customer, one subscription.
        const applied = await t.deps.database.db.select().from(testCheckouts).where(eq(testCheckouts.userId, u.id));
        expect(applied.filter((c) => c.status === 'complete')).toHaveLength(1);
        expect(applied.filter((c) => c.status === 'open')).toHaveLength(1);
        expect(await session(u)).toMatchObject({ isPremium: true, isSubscribed: true });
      }
    } finally {
      await second.close();
    }
  });

  it('the trial started in two tabs at once, on two instances: one trial', async () => {
    const second = await createTestApp({}, { database: t.deps.database });
    try {
      const u = await freeUser();
      const results = await Promise.all([0, 1, 2, 3].map((i) => (i % 2 ? second : t).as(u)('/api/billing/trial', { method: 'POST' })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      const rows = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ subscriptionTier: 'trial', subscribed: false });
      expect(await session(u)).toMatchObject({ isOnTrial: true, trialDaysLeft: 7 });
    } finally {
      await second.close();
    }
  });
});

describe('webhooks', () => {
  it('refuses a bad, missing or replayed-with-another-secret signature with 400 and changes nothing', async () => {
    const u = await freeUser();
    const event = subscriptionEvent(u, 'customer.subscription.created', Math.floor(Date.now() / 1000));
    const forged = signed(event, 'whsec_not_ours');
    expect((await deliver(forged)).status).toBe(400);
    expect((await t.request('/api/billing/webhook', { method: 'POST', body: forged.payload })).status).toBe(400);
    const good = signed(event);
    const tampered = { payload: good.payload.replace('"active"', '"trialing"'), signature: good.signature };
    expect((await deliver(tampered)).status).toBe(400);
    expect((await session(u)).isPremium).toBe(false);
    expect(await t.deps.database.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(0);
    // A stale signature (older than Stripe's 5-minute tolerance) is refused too.
    const old = Stripe.webhooks.generateTestHeaderString({ payload: good.payload, secret: provider().webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await deliver({ payload: good.payload, signature: old })).status).toBe(400);
    expect((await deliver(good)).status).toBe(200);
    expect((await session(u)).isPremium).toBe(true);
  });

  it('applies five concurrent deliveries of one event once', async () => {
    const u = await freeUser();
    const event = subscriptionEvent(u, 'customer.subscription.created', Math.floor(Date.now() / 1000));
    const delivery = signed(event);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(delivery)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.deps.database.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(1);
    while ((await t.deps.mail.processDue()) > 0);
    expect(t.transport.sent.filter((m) => m.to === u.email && m.subject === 'Your Reelmates Premium receipt')).toHaveLength(1);
    expect((await session(u)).isSubscribed).toBe(true);
  });

  it('ends in the same state whatever the delivery order', async () => {
    const now = Math.floor(Date.now() / 1000);
    const finals: unknown[] = [];
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
      [1, 3, 0, 2],
    ]) {
      const u = await freeUser();
      const events = [
        subscriptionEvent(u, 'customer.subscription.created', now - 40),
        subscriptionEvent(u, 'customer.subscription.updated', now - 30, { plan: 'yearly' }),
        subscriptionEvent(u, 'customer.subscription.updated', now - 20, { plan: 'yearly', cancel: true }),
        subscriptionEvent(u, 'customer.subscription.updated', now - 10, { plan: 'yearly', cancel: false }),
      ];
      for (const i of order) expect((await deliver(signed(events[i]!))).status).toBe(200);
      const v = await view(u);
      finals.push({ plan: v.plan, willCancel: v.willCancelAtPeriodEnd, premium: (await session(u)).isPremium });
    }
    expect(finals).toEqual(Array(4).fill({ plan: 'yearly', willCancel: false, premium: true }));
  });

  it('a deleted subscription stays deleted when an older update arrives late', async () => {
    const now = Math.floor(Date.now() / 1000);
    const u = await freeUser();
    await deliver(signed(subscriptionEvent(u, 'customer.subscription.created', now - 30)));
    await deliver(signed(subscriptionEvent(u, 'customer.subscription.deleted', now - 10, { status: 'canceled' })));
    await deliver(signed(subscriptionEvent(u, 'customer.subscription.updated', now - 20, { cancel: true })));
    expect((await session(u)).isPremium).toBe(false);
  });

  it('acknowledges events for unknown customers and changes nothing', async () => {
    const ghost = { id: 'nobody', email: 'x' } as unknown as User;
    const res = await deliver(signed(subscriptionEvent(ghost, 'customer.subscription.updated', Math.floor(Date.now() / 1000))));
    expect(res.status).toBe(200);
    expect(await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, 'nobody'))).toHaveLength(0);
  });

  it('a failed payment mails the customer', async () => {
    const u = await freeUser();
    await subscribe(u);
    const [row] = await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    const res = await deliver(
      signed({ id: `evt_fail_${u.id}`, type: 'invoice.payment_failed', created: Math.floor(Date.now() / 1000), data: { object: { customer: row!.customerId } } }),
    );
    expect(res.status).toBe(200);
    while ((await t.deps.mail.processDue()) > 0);
    expect(t.transport.sent.some((m) => m.to === u.email && m.subject === 'Your Reelmates payment failed')).toBe(true);
  });
});

describe('the test manage page', () => {
  it('switches plan, cancels at period end and resumes; the session sees each change on the next request', async () => {
    const u = await freeUser();
    await subscribe(u);
    const portal = await t.as(u)('/api/billing/portal', { method: 'POST' });
    expect(await portal.json()).toEqual({ url: '/billing/manage' });
    const act = async (body: object) => {
      const res = await t.as(u)('/api/billing/test-portal', { method: 'POST', json: body });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json();
    };
    expect(await act({ action: 'switch', plan: 'yearly' })).toMatchObject({ plan: 'yearly' });
    const canceled = await act({ action: 'cancel' });
    expect(canceled).toMatchObject({ willCancelAtPeriodEnd: true, plan: 'yearly' });
    expect(new Date(canceled.subscriptionEnd).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
    expect((await session(u)).isPremium).toBe(true);
    expect(await act({ action: 'resume' })).toMatchObject({ willCancelAtPeriodEnd: false });
  });

  it('has nothing to manage for a free user, and a user cannot touch another user’s subscription', async () => {
    const u = await freeUser();
    expect((await t.as(u)('/api/billing/portal', { method: 'POST' })).status).toBe(404);
    expect((await t.as(u)('/api/billing/test-portal', { method: 'POST', json: { action: 'cancel' } })).status).toBe(404);
  });
});

describe('cancelSubscription (for admins)', () => {
  it('ends the subscription at once; premium is gone on the next request', async () => {
    const { cancelSubscription } = await import('./service');
    const u = await freeUser();
    await subscribe(u);
    expect((await session(u)).isPremium).toBe(true);
    expect(await cancelSubscription(t.deps, u.id, { by: 'admin-id' })).toBe(true);
    expect((await session(u)).isPremium).toBe(false);
    expect(await cancelSubscription(t.deps, u.id, { by: 'admin-id' })).toBe(false);
  });
});

describe('donations (ruling 15)', () => {
  it('a visitor donates 12 USD through the test checkout; it is stored once', async () => {
    const res = await t.request('/api/billing/donations', { method: 'POST', json: { amount: 1200 } });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { url: string }).url.split('/').pop()!;
    expect(await (await t.request(`/api/billing/test-checkout/${id}`)).json()).toMatchObject({ kind: 'donation', amountCents: 1200, status: 'open' });
    const paid = await pay(null, id);
    expect(await paid.json()).toEqual({ url: 'http://localhost/support?status=success' });
    expect(await t.deps.database.db.select().from(donations).where(eq(donations.id, id))).toMatchObject([{ amountCents: 1200, userId: null }]);
  });

  it('refuses less than 1 USD and amounts that are not whole cents', async () => {
    for (const amount of [50, 99, 0, -100, 100.5]) {
      const res = await t.request('/api/billing/donations', { method: 'POST', json: { amount } });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(BILLING_TEXT.donationInvalid);
    }
  });
});

describe('production', () => {
  it('refuses the test checkout unless explicitly allowed', async () => {
    const prod = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'prod-secret-prod-secret-prod-secret-0000' };
    const off = await createTestApp(prod, { database: t.deps.database });
    try {
      const res = await off.request('/api/billing/donations', { method: 'POST', json: { amount: 500 } });
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toBe(BILLING_TEXT.testCheckoutOff);
      // Not even its own signed events are taken.
      const event = { id: 'evt_prod', type: 'customer.subscription.created', created: Math.floor(Date.now() / 1000), data: { object: {} } };
      expect((await off.request('/api/billing/webhook', { method: 'POST', body: JSON.stringify(event), headers: { 'stripe-signature': 'x' } })).status).toBe(503);
    } finally {
      await off.close();
    }
    const on = await createTestApp({ ...prod, ALLOW_TEST_CHECKOUT: 'true' }, { database: t.deps.database });
    try {
      expect((await on.request('/api/billing/donations', { method: 'POST', json: { amount: 500 } })).status).toBe(201);
    } finally {
      await on.close();
    }
  });
});
