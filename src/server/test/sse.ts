import { parseRealtimeEvent, type RealtimeEvent } from '../../shared/realtime';

/** One SSE block as a client reads it: its id (if any), its event (if it has data), or a comment. */
export interface SseBlock {
  id?: string;
  event?: RealtimeEvent;
  comment?: string;
}

/**
 * Reads an event stream answer the way EventSource does (blocks split by a blank line; `id:`,
 * `data:`, comments). `events` are the parsed data blocks with their ids; `ended` turns true when
 * the server closes the stream.
 */
export function readSse(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const blocks: SseBlock[] = [];
  const state = { ended: false };
  let text = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const block: SseBlock = {};
        for (const line of text.slice(0, cut).split('\n')) {
          if (line.startsWith('id: ')) block.id = line.slice(4);
          else if (line.startsWith('data: ')) block.event = parseRealtimeEvent(JSON.parse(line.slice(6))) ?? undefined;
          else if (line.startsWith(': ')) block.comment = line.slice(2);
        }
        text = text.slice(cut + 2);
        blocks.push(block);
      }
    }
  })()
    .catch(() => {})
    .finally(() => (state.ended = true));
  const events = () => blocks.filter((b): b is SseBlock & { event: RealtimeEvent } => b.event !== undefined);
  const until = async (pred: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    return pred();
  };
  return {
    blocks,
    events,
    /** The id the browser would send back: the last `id:` it read. */
    lastId: () => blocks.findLast((b) => b.id !== undefined)?.id,
    get ended() {
      return state.ended;
    },
    until,
    waitFor: async (pred: (e: RealtimeEvent) => boolean, ms = 3000) =>
      (await until(() => events().some((b) => pred(b.event)), ms)) ? events().find((b) => pred(b.event)) : undefined,
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}
