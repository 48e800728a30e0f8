import { beforeAll, describe, expect, it } from 'vitest';
import { signedInOverHttp } from '../test/http-accounts';
import { type PgServer, pgServers } from '../test/pg-servers';
import { readSse } from '../test/sse';

// Two real servers (start.ts) on one PostgreSQL, each with its own DATA_DIR: an event published on
// one is replayed by the other to a client that reconnects there with its Last-Event-ID.
const { start } = pgServers('two');

let one: PgServer;
let two: PgServer;
beforeAll(async () => {
  one = await start();
  two = await start();
});

describe('two instances on one PostgreSQL', () => {
  it('a follow made on one reaches a stream on the other; missed while away, it is replayed by the other', async () => {
    const fan = await signedInOverHttp(one.base, 'two');
    const star = await signedInOverHttp(two.base, 'two');
    const open = async (base: string, lastEventId?: string) => {
      const res = await fetch(`${base}/api/events`, { headers: { cookie: star.cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
      expect(res.status).toBe(200);
      return readSse(res);
    };
    const follow = (method: 'POST' | 'DELETE') => fetch(`${one.base}/api/follows/${star.id}`, { method, headers: { cookie: fan.cookie } });

    // Live across instances: followed through one, heard on two.
    const first = await open(two.base);
    expect((await follow('POST')).status).toBeLessThan(300);
    expect(await first.waitFor((e) => e.type === 'notification')).toBeTruthy();
    expect(await first.waitFor((e) => e.type === 'follower-stats-changed')).toBeTruthy();
    await first.until(() => first.events().length >= 3);
    const lastSeen = first.lastId()!;
    await first.close();

    // Away (its instance restarting, say): unfollowed and followed again on one, plus a message.
    expect((await follow('DELETE')).status).toBeLessThan(300);
    const sent = await fetch(`${one.base}/api/messages/with/${star.id}`, {
      method: 'POST',
      headers: { cookie: fan.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'while you were away' }),
    });
    expect(sent.status).toBe(201);
    const { id: messageId } = (await sent.json()) as { id: string };

    // It reconnects to the other instance than the one that published: replayed there, then live.
    const again = await open(two.base, lastSeen);
    expect(await again.waitFor((e) => e.type === 'message' && e.id === messageId)).toBeTruthy();
    expect(again.events().some((b) => b.event.type === 'resync')).toBe(false);
    expect(Number(again.events()[0]!.id)).toBeGreaterThan(Number(lastSeen));
    one.server.deps.events.publish({ users: [star.id] }, { type: 'notifications-changed' });
    expect(await again.waitFor((e) => e.type === 'notifications-changed')).toBeTruthy();
    // And the same from the first instance, which never had this stream.
    const onOne = await open(one.base, lastSeen);
    expect(await onOne.waitFor((e) => e.type === 'message' && e.id === messageId)).toBeTruthy();
    expect(onOne.events().map((b) => b.id)).toEqual(
      again
        .events()
        .slice(0, onOne.events().length)
        .map((b) => b.id),
    );
    await again.close();
    await onOne.close();
  });
});
