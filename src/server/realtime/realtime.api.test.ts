import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRealtimeEvent } from '../../shared/realtime';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { type Audience, type RealtimeEvent } from './bus';
import { hubOf } from './hub';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = () => signUpVerified(t);

/**
 * Opens GET /api/events and collects what the stream carries: every `data:` line as written (`raw`)
 * and, read with the web's own schema, the events (`events`; a line that does not parse is left out
 * of these, as the web leaves it out).
 */
async function openStream(cookie: string) {
  const res = await t.request('/api/events', { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const raw: unknown[] = [];
  const events: RealtimeEvent[] = [];
  const first = await reader.read();
  const head = first.value ? decoder.decode(first.value) : '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        for (const line of block.split('\n')) {
          if (!line.startsWith('data: ')) continue;
          const data: unknown = JSON.parse(line.slice(6));
          raw.push(data);
          const event = parseRealtimeEvent(data);
          if (event) events.push(event);
        }
      }
    }
  })().catch(() => {});
  return {
    head,
    raw,
    events,
    waitFor: async (pred: (e: RealtimeEvent) => boolean, ms = 2000) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 10));
      }
      return undefined;
    },
    close: async () => {
      await reader.cancel();
      await pump;
    },
  };
}

describe('GET /api/events', () => {
  it('refuses anonymous callers', async () => {
    const res = await t.request('/api/events');
    expect(res.status).toBe(401);
  });

  it('starts with a retry hint and carries only the user’s own events and events for everyone', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const streamB = await openStream(b.cookie);
    const streamC = await openStream(c.cookie);
    expect(streamB.head).toMatch(/^retry: \d+\n/);

    const sent = await t.request(`/api/messages/with/${b.id}`, { method: 'POST', headers: { cookie: a.cookie }, json: { content: 'secret for b' } });
    const { id } = (await sent.json()) as { id: string };
    expect(await streamB.waitFor((e) => e.type === 'message' && e.id === id)).toMatchObject({ from: a.id });
    expect(await streamB.waitFor((e) => e.type === 'notification')).toBeTruthy();
    t.deps.events.publish({ everyone: true }, { type: 'founding-count' });
    expect(await streamC.waitFor((e) => e.type === 'founding-count')).toBeTruthy();
    expect(await streamB.waitFor((e) => e.type === 'founding-count')).toBeTruthy();
    // C saw the public event but nothing of A and B's conversation.
    expect(streamC.events.map((e) => e.type)).toEqual(['founding-count']);
    expect(JSON.stringify(streamB.events)).not.toContain('secret');
    await streamB.close();
    await streamC.close();
  });

  it('writes only events of the shared union, each exactly as the schema reads it', async () => {
    const a = await person();
    const b = await person();
    const streamA = await openStream(a.cookie);
    const streamB = await openStream(b.cookie);

    expect((await t.as(a)(`/api/follows/${b.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await t.as(a)(`/api/messages/with/${b.id}`, { method: 'POST', json: { content: 'hello' } })).status).toBe(201);
    expect((await t.as(b)(`/api/messages/with/${a.id}/read`, { method: 'POST' })).status).toBe(200);
    expect((await t.as(a)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 550, rating: 4 } })).status).toBe(201);
    expect((await t.as(b)('/api/notifications/read-all', { method: 'POST' })).status).toBe(200);
    expect((await t.as(a)(`/api/messages/with/${b.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await t.as(b)(`/api/follows/${a.id}`, { method: 'DELETE' })).status).toBeLessThan(300);

    const expected = [
      'follower-stats-changed',
      'profile-updated',
      'notification',
      'message',
      'messages-read',
      'notifications-changed',
      'unread-counts',
      'favorite-count',
      // B follows A, so A's new favorite tells B's Following tab (issue 21).
      'feed-changed',
      'conversation-deleted',
    ];
    for (const type of expected) expect(await streamB.waitFor((e) => e.type === type), type).toBeTruthy();
    for (const stream of [streamA, streamB]) {
      // Every line written parses, and parsing drops nothing: no field beyond the declared ones.
      expect(stream.raw.length).toBeGreaterThan(0);
      for (const data of stream.raw) expect(parseRealtimeEvent(data), JSON.stringify(data)).toEqual(data);
    }
    expect(new Set(streamB.events.map((e) => e.type))).toEqual(new Set(expected));
    await streamA.close();
    await streamB.close();
  });

  it('tells everyone when a founding spot is taken (the landing banner refreshes)', async () => {
    const seen: { audience: Audience; event: RealtimeEvent }[] = [];
    const off = t.deps.events.subscribe((audience, event) => seen.push({ audience, event }));
    await person();
    off();
    expect(seen).toContainEqual({ audience: { everyone: true }, event: { type: 'founding-count' } });
  });

  it('stops delivering to a stream once the client goes away', async () => {
    const a = await person();
    const hub = hubOf.get(t.deps.events)!;
    const before = hub.size;
    const stream = await openStream(a.cookie);
    expect(hub.size).toBe(before + 1);
    await stream.close();
    expect(hub.size).toBe(before);
    t.deps.events.publish({ users: [a.id] }, { type: 'notification', id: 'x', popup: false });
    expect(stream.events).toEqual([]);
  });
});
