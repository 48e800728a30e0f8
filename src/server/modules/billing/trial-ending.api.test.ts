import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '../../../shared/pricing';
import { mailOutbox, profiles, subscriptions, userRoles } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTrialEndingSweep, sweepTrialEndings } from './trial-ending';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBJECT = 'Your Reelmates trial ends tomorrow';

let t: TestApp;
/** A second server instance on the same database. */
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({}, { database: t.deps.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type User = Awaited<ReturnType<typeof signUpVerified>>;
async function freeUser(): Promise<User> {
  const u = await signUpVerified(t);
  await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, u.id));
  return u;
}
async function onTrial(): Promise<User> {
  const u = await freeUser();
  const res = await t.as(u)('/api/billing/trial', { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(201);
  return u;
}
const trialEnd = async (u: User) => (await t.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id)))[0]!.trialEnd!;
/** The moment the trial of `u` has `left` ms to run. */
const whenLeft = async (u: User, left: number) => new Date((await trialEnd(u)).getTime() - left);
const mailsTo = (u: User) =>
  t.deps.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, u.email), eq(mailOutbox.subject, SUBJECT)));

describe('the trial-ending mail (issue 16 part 9)', () => {
  it('is not sent while more than a day is left, then once when a day is left, whatever the sweeps', async () => {
    const u = await onTrial();
    expect((await trialEnd(u)).getTime() - Date.now()).toBeGreaterThan((TRIAL_DAYS - 1) * DAY_MS);
    // Today, and with 25 hours left: nothing.
    await sweepTrialEndings(t.deps);
    await sweepTrialEndings(t.deps, await whenLeft(u, 25 * 60 * 60 * 1000));
    expect(await mailsTo(u)).toHaveLength(0);

    // With 23 hours left, two instances sweep at once: one mail.
    const at = await whenLeft(u, 23 * 60 * 60 * 1000);
    await Promise.all([sweepTrialEndings(t.deps, at), sweepTrialEndings(other.deps, at), sweepTrialEndings(t.deps, at)]);
    expect(await mailsTo(u)).toHaveLength(1);
    // Later sweeps (another instance, after a restart) find it claimed.
    await sweepTrialEndings(other.deps, await whenLeft(u, 60 * 60 * 1000));
    expect(await mailsTo(u)).toHaveLength(1);

    // The mail: the spec's wording, a link to /settings to upgrade, through the outbox.
    while ((await t.deps.mail.processDue()) > 0);
    const mail = t.transport.sent.find((m) => m.to === u.email && m.subject === SUBJECT);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Trial Ending Soon!');
    expect(mail!.text).toContain('Your 7-day free trial of Reelmates Premium expires tomorrow');
    expect(mail!.text).toContain('Upgrade in Settings: http://localhost/settings');
    expect(mail!.html).toContain('href="http://localhost/settings"');
  });

  it('many trials ending, swept by two instances at once: each gets exactly one mail', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => onTrial()));
    const at = new Date(Math.max(...(await Promise.all(users.map(trialEnd))).map((d) => d.getTime())) - 12 * 60 * 60 * 1000);
    const counts = await Promise.all([sweepTrialEndings(t.deps, at), sweepTrialEndings(other.deps, at)]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(users.length);
    for (const u of users) expect(await mailsTo(u)).toHaveLength(1);
  });

  it('is not sent to a subscriber, an account premium anyway, or after the trial is over', async () => {
    // Started the trial, then subscribed: the paid plan replaced it.
    const subscriber = await onTrial();
    const checkout = await t.as(subscriber)('/api/billing/checkout', { method: 'POST', json: { plan: 'monthly' } });
    const id = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
    const paid = await t.as(subscriber)(`/api/billing/test-checkout/${id}/pay`, { method: 'POST', json: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' } });
    expect(paid.status).toBe(200);
    // An admin on a trial keeps Premium when it ends; so does a founding member.
    const admin = await onTrial();
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const founder = await onTrial();
    await t.deps.database.db.update(profiles).set({ foundingMember: true }).where(eq(profiles.id, founder.id));
    // A trial already over when the sweep first sees it (the server was down its whole last day): nothing to warn about.
    const late = await onTrial();
    await t.deps.database.db
      .update(subscriptions)
      .set({ trialStart: new Date(Date.now() - TRIAL_DAYS * DAY_MS - 60_000), trialEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, late.id));

    await sweepTrialEndings(t.deps);
    for (const u of [subscriber, admin, founder]) await sweepTrialEndings(t.deps, await whenLeft(u, 6 * 60 * 60 * 1000));
    for (const u of [subscriber, admin, founder, late]) expect(await mailsTo(u), u.email).toHaveLength(0);
  });

  it('the worker started with the server sweeps at start and on its timer, until stopped', async () => {
    const first = await onTrial();
    await t.deps.database.db
      .update(subscriptions)
      .set({ trialEnd: new Date(Date.now() + 20 * 60 * 60 * 1000) })
      .where(eq(subscriptions.userId, first.id));
    const worker = startTrialEndingSweep(t.deps, 50);
    try {
      await expect.poll(async () => (await mailsTo(first)).length, { timeout: 5_000 }).toBe(1);
      // A trial entering its last day later is found by a later sweep of the timer.
      const second = await onTrial();
      await t.deps.database.db
        .update(subscriptions)
        .set({ trialEnd: new Date(Date.now() + 2 * 60 * 60 * 1000) })
        .where(eq(subscriptions.userId, second.id));
      await expect.poll(async () => (await mailsTo(second)).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
    const third = await onTrial();
    await t.deps.database.db
      .update(subscriptions)
      .set({ trialEnd: new Date(Date.now() + 2 * 60 * 60 * 1000) })
      .where(eq(subscriptions.userId, third.id));
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(third)).toHaveLength(0);
    expect(await mailsTo(first)).toHaveLength(1);
  });
});
