import type { Audience, EventBus, RealtimeEvent } from './bus';

const encoder = new TextEncoder();

/** One open event stream: `push` writes bytes; returns false when the client is too far behind. */
interface StreamClient {
  userId: string;
  push(chunk: Uint8Array): boolean;
  close(): void;
}

/**
 * The open event streams of this process, indexed by user. It subscribes to the bus once and gives
 * each event only to the streams of its audience: a stream never carries another user's events.
 * An event is serialised once, whatever the number of streams.
 */
export class StreamHub {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private readonly all = new Set<StreamClient>();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribe((audience, event) => this.dispatch(audience, event));
  }

  get size() {
    return this.all.size;
  }

  add(client: StreamClient): () => void {
    this.all.add(client);
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    return () => {
      this.all.delete(client);
      const own = this.byUser.get(client.userId);
      own?.delete(client);
      if (own && own.size === 0) this.byUser.delete(client.userId);
    };
  }

  dispatch(audience: Audience, event: RealtimeEvent) {
    const chunk = encoder.encode(`data: ${JSON.stringify(event)}\n\n`);
    const send = (client: StreamClient) => {
      if (!client.push(chunk)) client.close();
    };
    if ('everyone' in audience) {
      for (const client of this.all) send(client);
      return;
    }
    for (const userId of new Set(audience.users)) {
      const set = this.byUser.get(userId);
      if (set) for (const client of set) send(client);
    }
  }

  stop() {
    this.unsubscribe();
    for (const client of this.all) client.close();
  }
}

/** The hub of each bus's app, for tests and the bench to count open streams. */
export const hubOf = new WeakMap<EventBus, StreamHub>();

export const sseComment = (text: string) => encoder.encode(`: ${text}\n\n`);
export const sseRaw = (text: string) => encoder.encode(text);
