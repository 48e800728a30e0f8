import { describe, expect, it } from 'vitest';
import { type Audience, InProcessBus, type RealtimeEvent } from './bus';
import type { EventLog, LoggedEvent } from './event-log';

describe('the event bus accepts only the declared events', () => {
  it('publishes a declared event and refuses, at compile time, a wrong type or field', () => {
    const bus = new InProcessBus();
    const got: { audience: Audience; event: RealtimeEvent }[] = [];
    bus.subscribe((audience, event) => got.push({ audience, event }));
    bus.publish({ users: ['u2'] }, { type: 'message', id: 'm1', from: 'u1', to: 'u2' });
    expect(got).toEqual([{ audience: { users: ['u2'] }, event: { type: 'message', id: 'm1', from: 'u1', to: 'u2' } }]);

    // Each call below is a type error (checked by `npm run typecheck`); none of them runs.
    const wrong = () => {
      // @ts-expect-error a message names its receiver
      bus.publish({ users: ['u2'] }, { type: 'message', id: 'm1', from: 'u1' });
      // @ts-expect-error events carry ids only: no content field
      bus.publish({ users: ['u2'] }, { type: 'message', id: 'm1', from: 'u1', to: 'u2', content: 'hello' });
      // @ts-expect-error popup is a boolean
      bus.publish({ users: ['u2'] }, { type: 'notification', id: 'n1', popup: 'yes' });
      // @ts-expect-error a title is a movie or a series
      bus.publish({ everyone: true }, { type: 'favorite-count', mediaType: 'book', mediaId: 1 });
      // @ts-expect-error no such event
      bus.publish({ everyone: true }, { type: 'typing' });
    };
    expect(typeof wrong).toBe('function');
  });
});

describe('the in-process bus writes its event log in batches', () => {
  it("writes a turn's events with one append, in id order, and those published during a write with the next", async () => {
    const appends: number[][] = [];
    let release: () => void = () => {};
    let hold = false;
    const log = {
      highWaterMark: async () => 10,
      startPruning: () => () => {},
      append: async (events: readonly LoggedEvent[]) => {
        appends.push(events.map((e) => e.id));
        if (hold) await new Promise<void>((r) => (release = r));
      },
    } as unknown as EventLog;
    const bus = new InProcessBus(log);
    await bus.start();
    const heard: number[] = [];
    bus.subscribe((_a, _e, id) => heard.push(id!));
    for (let i = 0; i < 3; i++) bus.publish({ users: ['u1'] }, { type: 'notifications-changed' });
    // Delivered at once, with their ids, before any write.
    expect(heard).toEqual([11, 12, 13]);
    await bus.flushed();
    expect(appends).toEqual([[11, 12, 13]]);
    // A slow write: what is published meanwhile waits for it, then goes in one append.
    hold = true;
    bus.publish({ everyone: true }, { type: 'founding-count' });
    await new Promise((r) => setImmediate(r));
    hold = false;
    bus.publish({ everyone: true }, { type: 'founding-count' });
    bus.publish({ everyone: true }, { type: 'founding-count' });
    release();
    await bus.flushed();
    expect(appends).toEqual([[11, 12, 13], [14], [15, 16]]);
    await bus.stop();
  });
});
