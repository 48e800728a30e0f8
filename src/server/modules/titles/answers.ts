import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../http/context';
import { errors } from '../../http/errors';
import { incomingOf, type ReadyAnswer, readyJson, sendAnswer } from '../../http/public-answers';
import { TtlCache } from '../../integrations/catalogue/ttl-cache';

const MINUTE = 60 * 1000;
/** Answers are kept ready this long; the catalogue behind keeps its own, longer upstream cache. */
const ANSWER_TTL_MS = 5 * MINUTE;
const NOT_FOUND_TTL_MS = 1 * MINUTE;

/**
 * The catalogue routes' answers kept ready to write (JSON bytes, plain and gzipped, with an ETag) per
 * request key, so a hot title-details request is a map lookup plus a write, with no re-serialising or
 * compressing; the service only returns data. Each answer sent is handed to the front door
 * (deps.publicAnswers) under its exact URL: catalogue answers need no session and hold nothing per
 * user, so until it expires the same URL is answered there with the same bytes, before the API stack.
 */
export class ReadyAnswers {
  private readonly cache = new TtlCache<ReadyAnswer | null>(2000);

  constructor(private readonly deps: Pick<AppDeps, 'publicAnswers'>) {}

  /**
   * load()'s value ready to send, or null when load() found nothing (kept a shorter while). When the
   * upstream fails, an expired answer stands in (see TtlCache); its expiresAt is then in the past, so
   * the front door does not keep it.
   */
  get(key: string, cacheControl: string, load: () => Promise<unknown>): Promise<ReadyAnswer | null> {
    return this.cache.getOrLoad(
      key,
      (answer) => (answer === null ? NOT_FOUND_TTL_MS : ANSWER_TTL_MS),
      async () => {
        const value = await load();
        return value === null || value === undefined ? null : readyJson(JSON.stringify(value), cacheControl, ANSWER_TTL_MS);
      },
    );
  }

  /**
   * Answers the request with the kept answer of `key` (200, or 304 for a matching If-None-Match) and
   * remembers it for the front door; 404 with `notFound` as the message when load() found nothing.
   */
  async send(c: Context<AppEnv>, key: string, cacheControl: string, load: () => Promise<unknown>, notFound = 'Not found.'): Promise<Response> {
    const answer = await this.get(key, cacheControl, load);
    if (answer === null) throw errors.notFound(notFound);
    const url = incomingOf(c)?.url;
    if (url !== undefined) this.deps.publicAnswers.remember(url, answer);
    return sendAnswer(c, answer);
  }

  /**
   * The same kept answer for a route whose guard decides who may have it (a premium route): answered
   * here, after the guard ran, and never handed to the front door, which asks no one for a session.
   */
  async sendGuarded(c: Context<AppEnv>, key: string, cacheControl: string, load: () => Promise<unknown>, notFound = 'Not found.'): Promise<Response> {
    const answer = await this.get(`guarded:${key}`, cacheControl, load);
    if (answer === null) throw errors.notFound(notFound);
    return sendAnswer(c, answer);
  }
}
