import { and, eq, isNull, sql } from 'drizzle-orm';
import { BILLING_TEXT, type Plan, type SubscriptionView } from '../../../shared/billing';
import { TRIAL_DAYS } from '../../../shared/pricing';
import { type Database, queryRows } from '../../db/client';
import { subscriptions, testCheckouts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { AppError, errors } from '../../http/errors';
import { type BillingEvent, type BillingProvider, createBilling, newId, TestCheckoutBilling } from '../../integrations/billing';
import { accessFrom, accessInputs, loadAccess } from '../accounts/access';
import { resolveAuthSecret } from '../accounts/secret';
import { applyEvent, type EventDeps } from './events';

const DAY_MS = 24 * 60 * 60 * 1000;
const providers = new WeakMap<AppDeps, BillingProvider>();

/** The provider of this app (one per deps: Stripe when configured, else the test checkout). */
export function billingOf(deps: AppDeps): BillingProvider {
  let provider = providers.get(deps);
  if (!provider) providers.set(deps, (provider = createBilling(deps.config, deps.database.db, resolveAuthSecret(deps.config))));
  return provider;
}

/** Tests swap in a provider (a Stripe adapter pointed at a local fake). */
export function setBillingProvider(deps: AppDeps, provider: BillingProvider) {
  providers.set(deps, provider);
}

const eventDeps = (deps: AppDeps): EventDeps => ({ db: deps.database.db, provider: billingOf(deps), mail: deps.mail, logger: deps.logger });

/** In production the test checkout answers nothing unless ALLOW_TEST_CHECKOUT (decisions: offline defaults). */
function usable(deps: AppDeps): BillingProvider {
  const provider = billingOf(deps);
  if (provider instanceof TestCheckoutBilling && !provider.allowed) throw new AppError(503, 'test_checkout_disabled', BILLING_TEXT.testCheckoutOff);
  return provider;
}

function testProvider(deps: AppDeps): TestCheckoutBilling {
  const provider = usable(deps);
  if (!(provider instanceof TestCheckoutBilling)) throw errors.notFound();
  return provider;
}

/** Where the provider sends the browser back: fixed here, never taken from the client (ruling 26). */
function returnUrls(deps: AppDeps, origin: string) {
  const base = deps.config.appUrl ?? origin;
  return {
    success: `${base}/discover?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${base}/pricing`,
    donationSuccess: `${base}/support?status=success`,
    donationCancel: `${base}/support`,
    portalReturn: `${base}/settings`,
  };
}

async function subscriptionRow(deps: AppDeps, userId: string) {
  const [row] = await deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** check-subscription: the access flags (ruling 4) and the plan behind them. No row is a free record. */
export async function subscriptionView(deps: AppDeps, me: AuthedUser): Promise<SubscriptionView> {
  // One read for the flags and the plan behind them (batched with the other members asking, decision 022).
  const inputs = await accessInputs(deps.database.db, me.id);
  const access = accessFrom(inputs, me, deps.config.auth.ownerEmail);
  const row = inputs.subscription;
  const live = access.isSubscribed;
  return {
    access,
    plan: live ? (row?.billingInterval ?? null) : null,
    subscriptionEnd: live && row?.subscriptionEnd ? row.subscriptionEnd.toISOString() : null,
    willCancelAtPeriodEnd: live && !!row?.willCancelAtPeriodEnd,
    trialEnd: row?.trialEnd?.toISOString() ?? null,
    trialAvailable: !row?.trialStart && !access.isPremium,
    manageable: live && !!row?.customerId,
    mode: billingOf(deps).mode,
  };
}

/** create-checkout-session: the plan is the client's choice, the price and URLs are ours. */
export async function startCheckout(deps: AppDeps, me: AuthedUser, plan: Plan, origin: string) {
  const provider = usable(deps);
  const access = await loadAccess(deps.database.db, me, deps.config.auth.ownerEmail);
  if (access.isSubscribed) throw errors.conflict('already_subscribed', BILLING_TEXT.alreadyPremium);
  const urls = returnUrls(deps, origin);
  const row = await subscriptionRow(deps, me.id);
  return provider.createCheckout({ userId: me.id, email: me.email, plan, customerId: row?.customerId ?? null, successUrl: urls.success, cancelUrl: urls.cancel });
}

/** Ruling 7: seven days at once, no card, once per account ever; not for someone already premium. */
export async function startTrial(deps: AppDeps, me: AuthedUser) {
  const access = await loadAccess(deps.database.db, me, deps.config.auth.ownerEmail);
  if (access.isPremium) throw errors.conflict('already_premium', BILLING_TEXT.alreadyPremium);
  const now = new Date();
  const trial = { subscriptionTier: 'trial' as const, trialStart: now, trialEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS), updatedAt: now };
  // One statement: two tabs starting the trial at once still start it once.
  const started = await deps.database.db
    .insert(subscriptions)
    .values({ userId: me.id, ...trial })
    .onConflictDoUpdate({ target: subscriptions.userId, set: trial, setWhere: and(isNull(subscriptions.trialStart), eq(subscriptions.subscribed, false)) })
    .returning({ userId: subscriptions.userId });
  if (started.length === 0) throw errors.conflict('trial_used', BILLING_TEXT.trialUsed);
  return loadAccess(deps.database.db, me, deps.config.auth.ownerEmail);
}

/** customer-portal: only the caller's own customer; none without a paid subscription. */
export async function openPortal(deps: AppDeps, me: AuthedUser, origin: string) {
  const provider = usable(deps);
  const row = await subscriptionRow(deps, me.id);
  if (!row?.customerId || !row.providerSubscriptionId) throw errors.notFound(BILLING_TEXT.noSubscription);
  return { url: await provider.portalUrl(row.customerId, returnUrls(deps, origin).portalReturn) };
}

/** create-donation-session: amount in cents, at least 100 (checked by the schema), USD. */
export async function startDonation(deps: AppDeps, me: AuthedUser | null, amountCents: number, origin: string) {
  const provider = usable(deps);
  const urls = returnUrls(deps, origin);
  return provider.createDonation({ userId: me?.id ?? null, amountCents, successUrl: urls.donationSuccess, cancelUrl: urls.donationCancel });
}

/**
 * POST /billing/webhook: a bad or missing signature is a 400 and changes nothing. `db` is the
 * test checkout's transaction when it delivers its own events (the event applies inside it).
 */
export async function handleWebhook(deps: AppDeps, payload: string, signature: string | undefined, db: Database = deps.database.db) {
  const provider = usable(deps);
  let event: BillingEvent;
  try {
    if (!signature) throw new Error('no signature');
    event = provider.verify(payload, signature);
  } catch {
    throw new AppError(400, 'bad_signature', 'The webhook signature does not match.');
  }
  const outcome = await applyEvent({ ...eventDeps(deps), db }, event);
  deps.logger.info({ event: event.id, type: event.type, outcome }, 'billing event');
  return outcome;
}

/**
 * Cancels a user's paid subscription at once (for the admin area: spec 000 §6 'cancel
 * subscription'). With Stripe the subscription is canceled there and Stripe's answer goes through
 * the event handler; with the test checkout a signed 'deleted' event does. False when there is none.
 */
export async function cancelSubscription(deps: AppDeps, userId: string, options: { by: string }): Promise<boolean> {
  const provider = usable(deps);
  const row = await subscriptionRow(deps, userId);
  if (!row?.providerSubscriptionId || !row.subscribed) return false;
  deps.logger.info({ userId, by: options.by, subscription: row.providerSubscriptionId }, 'billing: subscription canceled');
  if (provider instanceof TestCheckoutBilling) {
    await deliverTest(deps, provider, 'customer.subscription.deleted', testSubscription(row, { status: 'canceled' }));
    return true;
  }
  const canceled = await provider.cancelNow(row.providerSubscriptionId);
  await applyEvent(eventDeps(deps), {
    id: `evt_local_cancel_${canceled.id}`,
    type: 'customer.subscription.deleted',
    created: Math.floor(Date.now() / 1000),
    data: { object: canceled as unknown as Record<string, unknown> },
  });
  return true;
}

// ---- The test checkout and test manage page (offline default only) ----

type Row = typeof subscriptions.$inferSelect;

function periodEnd(plan: Plan, from = Date.now()) {
  return Math.floor((from + (plan === 'monthly' ? 30 : 365) * DAY_MS) / 1000);
}

/** A Stripe-shaped subscription object of the test provider, from the stored state and the changes. */
export function testSubscription(
  row: Pick<Row, 'providerSubscriptionId' | 'customerId' | 'billingInterval' | 'subscriptionEnd' | 'willCancelAtPeriodEnd' | 'userId'>,
  change: { status?: string; plan?: Plan; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
) {
  const plan = change.plan ?? row.billingInterval ?? 'monthly';
  const end = change.periodEnd ?? (row.subscriptionEnd ? Math.floor(row.subscriptionEnd.getTime() / 1000) : periodEnd(plan));
  return {
    id: row.providerSubscriptionId!,
    object: 'subscription',
    customer: row.customerId!,
    status: change.status ?? 'active',
    cancel_at_period_end: change.cancelAtPeriodEnd ?? row.willCancelAtPeriodEnd,
    metadata: { userId: row.userId, plan },
    items: { data: [{ price: { id: `price_test_${plan}` }, current_period_end: end }] },
  };
}

async function deliverTest(deps: AppDeps, provider: TestCheckoutBilling, type: string, object: object, db: Database = deps.database.db) {
  const event: BillingEvent = { id: newId('evt_test'), type, created: Math.floor(Date.now() / 1000), data: { object: object as Record<string, unknown> } };
  const { payload, signature } = provider.sign(event);
  // The same door as Stripe's deliveries: signature check, then the one handler.
  await handleWebhook(deps, payload, signature, db);
}

export async function getTestCheckout(deps: AppDeps, id: string, me: AuthedUser | null, origin: string) {
  testProvider(deps);
  const [checkout] = await deps.database.db.select().from(testCheckouts).where(eq(testCheckouts.id, id));
  // A subscription checkout is its user's only; a donation's id is its key (visitors may donate).
  if (!checkout || (checkout.kind === 'subscription' && checkout.userId !== me?.id)) throw errors.notFound('This checkout does not exist.');
  const urls = returnUrls(deps, origin);
  return {
    id: checkout.id,
    kind: checkout.kind,
    plan: checkout.plan,
    amountCents: checkout.amountCents,
    status: checkout.status,
    cancelUrl: checkout.kind === 'donation' ? urls.donationCancel : urls.cancel,
  };
}

const TEST_CARD_OK = '4242424242424242';
const TEST_CARD_DECLINED = '4000000000000002';

/** Pays a test checkout with Stripe's test cards: 4242… succeeds, 4000 0000 0000 0002 is declined. */
export async function payTestCheckout(deps: AppDeps, id: string, me: AuthedUser | null, card: { cardNumber: string; expiry: string }, origin: string) {
  const provider = testProvider(deps);
  const checkout = await getTestCheckout(deps, id, me, origin);
  if (checkout.status !== 'open') throw errors.conflict('checkout_complete', BILLING_TEXT.checkoutClosed);
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  if (new Date(Date.UTC(2000 + year!, month!, 1)) <= new Date()) throw new AppError(400, 'card_expired', 'Your card has expired.');
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (number === TEST_CARD_DECLINED) throw new AppError(400, 'card_declined', BILLING_TEXT.cardDeclined);
  if (number !== TEST_CARD_OK) throw new AppError(400, 'card_not_test', BILLING_TEXT.notATestCard);
  const urls = returnUrls(deps, origin);
  // One transaction: the checkout is claimed only with its effect (a failure leaves it open to pay again).
  return deps.database.db.transaction(async (tx) => {
    if (checkout.kind === 'subscription') {
      // Two tabs paying two checkouts of one user: one at a time, per user (on every instance); the
      // second then finds the user subscribed and is refused, so there is one subscription and one receipt.
      await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`billing-pay:${me!.id}`}))`);
      if ((await loadAccess(tx, me!, deps.config.auth.ownerEmail)).isSubscribed) throw errors.conflict('already_subscribed', BILLING_TEXT.alreadyPremium);
    }
    // Claimed in one statement: a double click pays once.
    const claimed = await tx
      .update(testCheckouts)
      .set({ status: 'complete' })
      .where(and(eq(testCheckouts.id, id), eq(testCheckouts.status, 'open')))
      .returning({ id: testCheckouts.id });
    if (claimed.length === 0) throw errors.conflict('checkout_complete', BILLING_TEXT.checkoutClosed);
    if (checkout.kind === 'donation') {
      await deliverTest(
        deps,
        provider,
        'checkout.session.completed',
        {
          id,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: checkout.amountCents,
          currency: 'usd',
          client_reference_id: me?.id ?? null,
          metadata: { kind: 'donation', ...(me ? { userId: me.id } : {}) },
        },
        tx,
      );
      return { url: urls.donationSuccess };
    }
    const user = me!;
    const plan = checkout.plan!;
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const customerId = row?.customerId ?? newId('cus_test');
    await deliverTest(
      deps,
      provider,
      'checkout.session.completed',
      {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        metadata: { userId: user.id, kind: 'subscription', plan },
      },
      tx,
    );
    const sub = testSubscription(
      { userId: user.id, customerId, providerSubscriptionId: newId('sub_test'), billingInterval: plan, subscriptionEnd: null, willCancelAtPeriodEnd: false },
      { plan, periodEnd: periodEnd(plan) },
    );
    await deliverTest(deps, provider, 'customer.subscription.created', sub, tx);
    return { url: urls.success.replace('{CHECKOUT_SESSION_ID}', id) };
  });
}

/** The test manage page's actions: each becomes a signed 'subscription updated' event. */
export async function testPortalAction(deps: AppDeps, me: AuthedUser, action: { action: 'switch'; plan: Plan } | { action: 'cancel' } | { action: 'resume' }) {
  const provider = testProvider(deps);
  const row = await subscriptionRow(deps, me.id);
  const access = await loadAccess(deps.database.db, me, deps.config.auth.ownerEmail);
  if (!row?.providerSubscriptionId || !access.isSubscribed) throw errors.notFound(BILLING_TEXT.noSubscription);
  const change =
    action.action === 'switch'
      ? // A new plan starts a new period now (no proration in test mode).
        { plan: action.plan, periodEnd: periodEnd(action.plan), cancelAtPeriodEnd: false }
      : { cancelAtPeriodEnd: action.action === 'cancel' };
  await deliverTest(deps, provider, 'customer.subscription.updated', testSubscription(row, change));
  return subscriptionView(deps, me);
}
