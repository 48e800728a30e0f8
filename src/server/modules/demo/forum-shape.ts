import { createRng, type Rng } from './prng';
import * as w from './words';

/**
 * The one shape of generated forum posts (decision 040): what the demo community writes, and what
 * the forum bench fills a forum with (10,000 threads, a thread with 2,000 replies). Titles, first
 * posts and replies come from the same sentences, authors are picked among `authors` people.
 */
export type ForumSubject = { kind: 'title'; title: string } | { kind: 'genre'; genre: string };

export function threadText(rng: Rng, subject: ForumSubject): { title: string; content: string } {
  const title = subject.kind === 'title' ? rng.pick(w.THREAD_TITLES).replace('{title}', subject.title) : rng.pick(w.GENRE_THREAD_TITLES).replace('{genre}', subject.genre);
  return { title, content: rng.pick(w.THREAD_BODIES) };
}

export const replyText = (rng: Rng) => rng.pick(w.REPLIES);

export interface GeneratedThread {
  author: number;
  title: string;
  content: string;
  pinned: boolean;
  /** Minutes before now; thread i is i minutes old, so the newest come first. */
  age: number;
}

/** `count` threads of one forum about `subject`, by authors 0..authors-1; every `pinnedEvery`-th pinned. */
export function forumThreads(options: { seed: string; count: number; authors: number; subject: ForumSubject; pinnedEvery?: number }): GeneratedThread[] {
  const rng = createRng(`${options.seed}/threads`);
  return Array.from({ length: options.count }, (_, i) => ({
    author: rng.int(0, options.authors - 1),
    ...threadText(rng, options.subject),
    pinned: !!options.pinnedEvery && (i + 1) % options.pinnedEvery === 0,
    age: i + 1,
  }));
}

/** `count` replies of one thread, oldest first (reply i is count - i seconds old). */
export function threadReplies(options: { seed: string; count: number; authors: number }): { author: number; content: string; age: number }[] {
  const rng = createRng(`${options.seed}/replies`);
  return Array.from({ length: options.count }, (_, i) => ({ author: rng.int(0, options.authors - 1), content: replyText(rng), age: options.count - i }));
}
