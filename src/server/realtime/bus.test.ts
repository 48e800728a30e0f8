import { describe, expect, it } from 'vitest';
import { type Audience, InProcessBus, type RealtimeEvent } from './bus';

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
