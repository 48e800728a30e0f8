import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { readEvent, type StreamEventOf, type useRealtimeEvent } from './realtime';

afterEach(() => vi.restoreAllMocks());

describe('the tab’s event stream', () => {
  it('passes on the events the server declares, as they came', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readEvent('{"type":"message","id":"m1","from":"u1","to":"u2"}')).toEqual({ type: 'message', id: 'm1', from: 'u1', to: 'u2' });
    expect(readEvent('{"type":"favorite-count","mediaType":"tv","mediaId":1396}')).toEqual({ type: 'favorite-count', mediaType: 'tv', mediaId: 1396 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores, with a warning and no exception, what is not JSON, of an unknown type or malformed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const data of ['not json', '{"type":"typing","by":"u1"}', '{"type":"message","id":"m1"}', '{"type":"notification","id":"n1","popup":"yes"}', 'null']) {
      expect(readEvent(data), data).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('hands each subscriber the event of its type, with that type’s fields', () => {
    type HandlerOf<T extends Parameters<typeof useRealtimeEvent>[0]> = Parameters<typeof useRealtimeEvent<T>>[1];
    expectTypeOf<Parameters<HandlerOf<'message'>>[0]>().toEqualTypeOf<{ type: 'message'; id: string; from: string; to: string }>();
    expectTypeOf<Parameters<HandlerOf<'favorite-count'>>[0]>().toEqualTypeOf<{ type: 'favorite-count'; mediaType: 'movie' | 'tv'; mediaId: number }>();
    expectTypeOf<Parameters<HandlerOf<'connected'>>[0]>().toEqualTypeOf<{ type: 'connected' }>();
    expectTypeOf<StreamEventOf<'profile-updated'>>().toHaveProperty('userId');
    // @ts-expect-error a message event has no userId
    const wrongField: HandlerOf<'message'> = (event) => event.userId;
    // @ts-expect-error no event of this type exists
    const unknownType: HandlerOf<'typing'> = () => {};
    expect([wrongField, unknownType]).toHaveLength(2);
  });
});
