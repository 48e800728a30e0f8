import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingEvents, donations, subscriptions, testCheckouts, user } from '../../db/schema';
import type { BillingEvent, BillingProvider, SubscriptionObject } from '../../integrations/billing';
import type { MailOutbox } from '../../integrations/mail';
import type { Logger } from '../../logger';
import { paymentFailedMail, receiptMail } from './mails';

export interface EventDeps {
  db: Database;
  provider: BillingProvider;
  mail: MailOutbox;
  logger: Logger;
}

/** Stripe statuses under which the subscription still grants Premium until its period ends. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * The one event handler (ruling 26): Stripe's webhooks and the test checkout's events both end
 * here. Each event is applied once: its id is stored in the same transaction as its effect, so a
 * redelivery, or five at once, finds the id and changes nothing. Subscription states carry the
 * event's time; an older one than the state stored is ignored, and a canceled subscription stays
 * canceled, so any delivery order ends in the same state.
 */
export async function applyEvent(deps: EventDeps, event: BillingEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
  return deps.db.transaction(async (tx) => {
    const fresh = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
    if (fresh.length === 0) return 'duplicate';
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(deps, tx, object);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionChanged(deps, tx, object as unknown as SubscriptionObject, event);
      case 'invoice.payment_failed':
        return paymentFailed(deps, tx, object);
      default:
        return 'ignored';
    }
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function checkoutCompleted(deps: EventDeps, tx: Tx, session: Record<string, unknown>) {
  const metadata = (session.metadata ?? {}) as Record<string, string>;
  const userId = metadata.userId ?? (session.client_reference_id as string | undefined) ?? null;
  await tx
    .update(testCheckouts)
    .set({ status: 'complete' })
    .where(eq(testCheckouts.id, String(session.id)));
  if (session.mode === 'payment' && metadata.kind === 'donation') {
    const known = userId ? await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)) : [];
    await tx
      .insert(donations)
      .values({ id: String(session.id), userId: known.length ? userId : null, amountCents: Number(session.amount_total ?? 0), currency: String(session.currency ?? 'usd') })
      .onConflictDoNothing();
    return 'applied' as const;
  }
  if (session.mode !== 'subscription' || !userId || typeof session.customer !== 'string') return 'ignored' as const;
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!account) {
    deps.logger.warn({ customer: session.customer }, 'billing: checkout completed for an unknown user; acknowledged');
    return 'ignored' as const;
  }
  // Remember the customer, so that its subscription events find the account.
  await tx
    .insert(subscriptions)
    .values({ userId, customerId: session.customer })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { customerId: session.customer, updatedAt: sql`now()` } });
  return 'applied' as const;
}

async function subscriptionChanged(deps: EventDeps, tx: Tx, sub: SubscriptionObject, event: BillingEvent) {
  const userId = await userOf(tx, sub);
  if (!userId) {
    deps.logger.warn({ customer: sub.customer, event: event.id }, 'billing: subscription event for an unknown customer; acknowledged');
    return 'ignored' as const;
  }
  const at = new Date(event.created * 1000);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  if (row?.stateAt && row.stateAt > at) return 'ignored' as const;
  // A canceled subscription never comes back (a late 'updated' must not revive it).
  if (row?.providerSubscriptionId === sub.id && row.providerStatus === 'canceled') return 'ignored' as const;
  const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
  const item = sub.items?.data[0];
  const plan = item ? deps.provider.planOfPrice(item.price.id) : null;
  const periodEnd = item?.current_period_end ?? sub.current_period_end;
  const live = LIVE_STATUSES.has(status);
  const startsNow = live && !(row?.subscribed && row.providerSubscriptionId === sub.id);
  const values = {
    customerId: sub.customer || row?.customerId || null,
    providerSubscriptionId: sub.id,
    providerStatus: status,
    stateAt: at,
    subscribed: live,
    // A paid plan replaces a trial (ruling 26); the trial stays used (trial_start is kept).
    subscriptionTier: live ? ('premium' as const) : ('free' as const),
    billingInterval: plan ?? row?.billingInterval ?? null,
    subscriptionStart: startsNow ? at : (row?.subscriptionStart ?? null),
    subscriptionEnd: periodEnd ? new Date(periodEnd * 1000) : live ? null : at,
    willCancelAtPeriodEnd: live && sub.cancel_at_period_end,
    updatedAt: new Date(),
  };
  await tx
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  if (startsNow) {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (account) await deps.mail.enqueue(receiptMail(account.email, values.billingInterval ?? 'monthly', values.subscriptionEnd), tx);
  }
  return 'applied' as const;
}

async function paymentFailed(deps: EventDeps, tx: Tx, invoice: Record<string, unknown>) {
  const customer = typeof invoice.customer === 'string' ? invoice.customer : null;
  const [row] = customer
    ? await tx.select({ email: user.email }).from(subscriptions).innerJoin(user, eq(user.id, subscriptions.userId)).where(eq(subscriptions.customerId, customer))
    : [];
  if (!row) {
    deps.logger.warn({ customer }, 'billing: payment failed for an unknown customer; acknowledged');
    return 'ignored' as const;
  }
  // Access follows the subscription's own status (past_due, then canceled), which Stripe sends separately.
  await deps.mail.enqueue(paymentFailedMail(row.email), tx);
  return 'applied' as const;
}

async function userOf(tx: Tx, sub: SubscriptionObject): Promise<string | null> {
  const byCustomer = sub.customer ? await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.customerId, sub.customer)) : [];
  if (byCustomer[0]) return byCustomer[0].userId;
  const id = sub.metadata?.userId;
  if (!id) return null;
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, id));
  return account?.id ?? null;
}
