import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified, userIdOf } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { announce, notify } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = (email: string) => userIdOf(t, email);

async function mailsTo(email: string) {
  while ((await t.deps.mail.processDue()) > 0);
  return t.transport.sent.filter((m) => m.to === email);
}

describe('notify (ruling 8)', () => {
  it('records, mails and asks for a toast according to the preference', async () => {
    const actor = await idOf((await signUpVerified(t)).email);
    const cases = [
      { pref: 'none', row: false, mail: false, popup: false },
      { pref: 'popup', row: true, mail: false, popup: true },
      { pref: 'email', row: true, mail: true, popup: false },
      { pref: 'both', row: true, mail: true, popup: true },
    ] as const;
    for (const c of cases) {
      const target = await signUpVerified(t);
      const id = await idOf(target.email);
      await t.deps.database.db.update(profiles).set({ notifyOnFollow: c.pref }).where(eq(profiles.id, id));
      const before = (await mailsTo(target.email)).length;
      const events: RealtimeEvent[] = [];
      const off = t.deps.events.subscribe((audience, event) => {
        if ('users' in audience && audience.users.includes(id)) events.push(event);
      });
      const result = await notify(t.deps, {
        userId: id,
        type: 'new_follower',
        title: 'New follower',
        message: 'someone followed you',
        relatedUserId: actor,
        event: 'follow',
        link: `/profile/${actor}`,
      });
      announce(t.deps, id, result);
      off();
      const rows = await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, id));
      expect(rows.length, c.pref).toBe(c.row ? 1 : 0);
      const mails = (await mailsTo(target.email)).slice(before);
      expect(mails.length, c.pref).toBe(c.mail ? 1 : 0);
      if (c.mail) expect(mails[0]!.text).toContain('/settings#notifications');
      expect(result.popup, c.pref).toBe(c.popup);
      expect(events.length, c.pref).toBe(c.row ? 1 : 0);
    }
  });

  it('never notifies a user of their own action', async () => {
    const me = await idOf((await signUpVerified(t)).email);
    const result = await notify(t.deps, { userId: me, type: 'new_follower', title: 'x', message: 'y', relatedUserId: me, event: 'follow' });
    expect(result.id).toBeNull();
    expect(await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, me))).toHaveLength(0);
  });
});
