import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { openStream, readEvent, type StreamEvent, type StreamEventOf, streamUrl, type useRealtimeEvent } from './realtime';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Stands in for the browser's EventSource: the test opens, errors and delivers by hand. */
class FakeSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = FakeSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((m: { data: string; lastEventId: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  opened() {
    this.readyState = FakeSource.OPEN;
    this.onopen?.();
  }
  message(data: string, lastEventId = '') {
    this.onmessage?.({ data, lastEventId });
  }
  /** The browser gave up (a 401 or 5xx answer, say): it will not reconnect by itself. */
  refused() {
    this.readyState = FakeSource.CLOSED;
    this.onerror?.();
  }
  /** The connection dropped; the browser reconnects by itself (with Last-Event-ID). */
  dropped() {
    this.readyState = FakeSource.CONNECTING;
    this.onerror?.();
  }
  close() {
    this.closed = true;
  }
}

function harness() {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeSource);
  const sources: FakeSource[] = [];
  const emitted: StreamEvent[] = [];
  const refetchAll = vi.fn();
  const onRefused = vi.fn();
  const stop = openStream({
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    refetchAll,
    emit: (e) => emitted.push(e),
    onRefused,
  });
  return { sources, emitted, refetchAll, onRefused, stop };
}

describe('reconnecting with the last event id', () => {
  it('reopens a refused stream with the id of the last event it saw, and leaves the catching up to the server', async () => {
    const h = harness();
    expect(h.sources.map((s) => s.url)).toEqual(['/api/events']);
    h.sources[0]!.opened();
    h.sources[0]!.message('{"type":"notification","id":"n1","popup":true}', '41');
    h.sources[0]!.message('{"type":"founding-count"}', '42');
    h.sources[0]!.refused();
    expect(h.onRefused).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.sources.map((s) => s.url)).toEqual(['/api/events', '/api/events?lastEventId=42']);
    h.sources[1]!.opened();
    // The server replays what was missed: nothing is refetched by the tab itself.
    expect(h.refetchAll).not.toHaveBeenCalled();
    expect(h.emitted.map((e) => e.type)).toEqual(['connected', 'notification', 'founding-count', 'reconnected']);
    // When the server cannot replay, it says resync, and everything is refetched.
    h.sources[1]!.message('{"type":"resync"}', '57');
    expect(h.refetchAll).toHaveBeenCalledTimes(1);
    h.sources[1]!.refused();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.sources[2]!.url).toBe('/api/events?lastEventId=57');
    h.stop();
    expect(h.sources[2]!.closed).toBe(true);
  });

  it('refetches everything by itself after a reconnection when it never saw an id', async () => {
    const h = harness();
    h.sources[0]!.opened();
    h.sources[0]!.dropped();
    h.sources[0]!.opened(); // the browser's own reconnection
    expect(h.refetchAll).toHaveBeenCalledTimes(1);
    h.sources[0]!.refused();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.sources[1]!.url).toBe('/api/events');
    h.stop();
  });

  it('passes only a well-formed id in the address', () => {
    expect(streamUrl('42')).toBe('/api/events?lastEventId=42');
    expect(streamUrl(undefined)).toBe('/api/events');
    expect(streamUrl('')).toBe('/api/events');
    expect(streamUrl('4&x=1')).toBe('/api/events');
  });
});

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
