import { randomUUID } from 'node:crypto';

/**
 * A bounded mixed write load against a running server, as signed-in users make it: messages,
 * favorites, follows, forum replies and thread likes. Every write adds something that is never
 * taken away again, so a write the server acknowledged (a 2xx that reached the client) must be in
 * the database after any crash, whatever came after it. Writes whose answer never came (the
 * connection died with the server) are unknown: they may or may not be there.
 */

export interface LoadUser {
  id: string;
  cookie: string;
}

/** What the server acknowledged, by kind: the keys each write must leave in the database. */
export interface Acknowledged {
  /** Message client ids. */
  messages: string[];
  /** `${userId}:${mediaId}` of favorites. */
  favorites: string[];
  /** `${followerId}:${followingId}`. */
  follows: string[];
  /** Reply contents (each unique). */
  replies: string[];
  /** `${threadId}:${userId}`. */
  threadLikes: string[];
}

export const noneAcknowledged = (): Acknowledged => ({ messages: [], favorites: [], follows: [], replies: [], threadLikes: [] });

export interface LoadWorld {
  base: string;
  users: LoadUser[];
  threadId: string;
  /** Movie ids of the catalogue to favorite. */
  movieIds: number[];
  /** What each user has already done (kept across rounds, so no write repeats one made before). */
  done: Set<string>;
}

type Write = { method: string; path: string; body?: unknown; key: string; kind: keyof Acknowledged };

/** The next write of `u`, or null when they have done every kind there is. */
function nextWrite(world: LoadWorld, u: LoadUser, turn: number): Write | null {
  const others = world.users.filter((o) => o.id !== u.id);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  for (let attempt = 0; attempt < 8; attempt++) {
    switch ((turn + attempt) % 5) {
      case 0: {
        const clientId = randomUUID();
        return { method: 'POST', path: `/api/messages/with/${pick(others).id}`, body: { content: `durable ${clientId}`, clientId }, key: clientId, kind: 'messages' };
      }
      case 1: {
        const mediaId = world.movieIds.find((id) => !world.done.has(`fav:${u.id}:${id}`));
        if (mediaId === undefined) continue;
        world.done.add(`fav:${u.id}:${mediaId}`);
        return { method: 'POST', path: '/api/me/favorites', body: { mediaType: 'movie', mediaId, rating: 1 + (turn % 5) }, key: `${u.id}:${mediaId}`, kind: 'favorites' };
      }
      case 2: {
        const target = others.find((o) => !world.done.has(`follow:${u.id}:${o.id}`));
        if (!target) continue;
        world.done.add(`follow:${u.id}:${target.id}`);
        return { method: 'POST', path: `/api/follows/${target.id}`, key: `${u.id}:${target.id}`, kind: 'follows' };
      }
      case 3: {
        const content = `durable reply ${randomUUID()}`;
        return { method: 'POST', path: `/api/forum-threads/${world.threadId}/replies`, body: { content }, key: content, kind: 'replies' };
      }
      case 4: {
        if (world.done.has(`like:${u.id}`)) continue;
        world.done.add(`like:${u.id}`);
        return { method: 'PUT', path: `/api/forum-threads/${world.threadId}/like`, key: `${world.threadId}:${u.id}`, kind: 'threadLikes' };
      }
    }
  }
  return null;
}

/**
 * Runs `workersPerUser` loops per user until the server stops answering (it was killed) or `max`
 * writes were sent. `tally` counts as it goes (sent, acknowledged, refused with an error such as a
 * limit's 429, lost with the connection); `done` resolves with what was acknowledged.
 */
export function runLoad(world: LoadWorld, options: { workersPerUser: number; max: number }) {
  const acknowledged = noneAcknowledged();
  const tally = { sent: 0, acknowledged: 0, refused: 0, lost: 0 };
  let dead = false;
  let turn = 0;
  const worker = async (u: LoadUser) => {
    while (!dead && tally.sent < options.max) {
      const write = nextWrite(world, u, turn++);
      if (!write) return;
      tally.sent++;
      try {
        const res = await fetch(world.base + write.path, {
          method: write.method,
          headers: { cookie: u.cookie, ...(write.body ? { 'content-type': 'application/json' } : {}) },
          body: write.body ? JSON.stringify(write.body) : undefined,
        });
        // A 2xx status is the acknowledgement, even if the body is cut off by the kill.
        if (res.ok) {
          acknowledged[write.kind].push(write.key);
          tally.acknowledged++;
        } else tally.refused++;
        await res.arrayBuffer().catch(() => (dead = true));
      } catch {
        // The server went away mid-request: this write is unknown.
        tally.lost++;
        dead = true;
      }
    }
  };
  const done = Promise.all(world.users.flatMap((u) => Array.from({ length: options.workersPerUser }, () => worker(u)))).then(() => acknowledged);
  return { tally, done };
}
