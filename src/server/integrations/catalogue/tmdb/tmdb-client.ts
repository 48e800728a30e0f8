import type { Logger } from '../../../logger';
import { CatalogueUnavailableError } from '../catalogue';
import { TokenBucket } from '../rate-limiter';
import { TtlCache } from '../ttl-cache';

export const DEFAULT_TMDB_BASE_URL = 'https://api.themoviedb.org/3';

export interface TmdbClientOptions {
  /** v3 key, sent as the api_key query parameter. */
  apiKey?: string;
  /** API Read Access Token, sent as "Authorization: Bearer". Preferred when both are set (TMDB's default). */
  readAccessToken?: string;
  /** TMDB_BASE_URL; defaults to https://api.themoviedb.org/3. Tests point it at a local fake. */
  baseUrl?: string;
  /** Longest wait for one try. */
  timeoutMs?: number;
  /**
   * Longest time one request may take, all tries, back-offs and Retry-After waits included: a person is
   * waiting for the page, which must show an answer or a failure well within 10 s.
   */
  budgetMs?: number;
  /** Tries per request, counting the first. */
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this is not waited for (the request fails, or stale data is served). */
  maxRetryAfterMs?: number;
  requestsPerSecond?: number;
  cacheEntries?: number;
  /** The cache's clock; tests move it forward to expire entries. */
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'error' | 'debug'>;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

/** How long not-found answers are remembered: ids rarely appear, but they do. */
const NOT_FOUND_TTL_MS = 10 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET requests to TMDB with auth, a timeout, retries (429 honouring Retry-After, 5xx and network
 * errors, exponential backoff), a client-side rate limit, and a TTL cache with in-flight de-duplication.
 * When every try fails, a stale cached answer is served if there is one.
 */
export class TmdbClient {
  private readonly baseUrl: string;
  private readonly cache: TtlCache<unknown>;
  private readonly limiter: TokenBucket;
  private readonly timeoutMs: number;
  private readonly budgetMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseDelayMs: number;
  private readonly maxRetryAfterMs: number;

  constructor(private readonly options: TmdbClientOptions) {
    if (!options.apiKey && !options.readAccessToken) throw new Error('TmdbClient needs an apiKey or a readAccessToken');
    this.baseUrl = (options.baseUrl || DEFAULT_TMDB_BASE_URL).replace(/\/+$/, '');
    this.cache = new TtlCache(options.cacheEntries ?? 2000, options.now);
    this.limiter = new TokenBucket(options.requestsPerSecond ?? 40);
    this.budgetMs = options.budgetMs ?? 5000;
    this.timeoutMs = Math.min(options.timeoutMs ?? 5000, this.budgetMs);
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 300;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  }

  /** The JSON body, or null when TMDB says 404. Cached for ttlMs under the path and parameters. */
  get<T>(path: string, params: QueryParams, ttlMs: number): Promise<T | null> {
    const query = Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, String(v)]);
    const key = `${path}?${new URLSearchParams(query)}`;
    return this.cache.getOrLoad(
      key,
      (value) => (value === null ? Math.min(ttlMs, NOT_FOUND_TTL_MS) : ttlMs),
      () => this.fetchJson(path, query),
      (error) => this.options.logger?.warn({ path, err: error }, 'TMDB failed; serving stale catalogue data'),
    ) as Promise<T | null>;
  }

  private async fetchJson(path: string, query: string[][]): Promise<unknown> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of query) url.searchParams.set(k!, v!);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.readAccessToken) headers.authorization = `Bearer ${this.options.readAccessToken}`;
    else url.searchParams.set('api_key', this.options.apiKey!);

    const deadline = Date.now() + this.budgetMs;
    const timedOut = (cause?: unknown) => new CatalogueUnavailableError(`TMDB did not answer within ${this.budgetMs} ms`, undefined, { cause, timedOut: true });
    for (let attempt = 1; ; attempt++) {
      await this.limiter.acquire();
      const left = deadline - Date.now();
      if (left <= 0) throw timedOut();
      let response: Response;
      try {
        response = await fetch(url, { headers, signal: AbortSignal.timeout(Math.min(this.timeoutMs, left)) });
        if (response.ok) return await response.json();
      } catch (error) {
        // A timeout is not retried: the caller is a person waiting for a page.
        if (isTimeout(error)) throw timedOut(error);
        const delay = this.backoff(attempt);
        if (attempt >= this.maxAttempts || Date.now() + delay >= deadline) throw new CatalogueUnavailableError('TMDB could not be reached', undefined, { cause: error });
        this.options.logger?.warn({ path, attempt, err: error }, 'TMDB request failed; retrying');
        await sleep(delay);
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      const retryable = response.status === 429 || response.status >= 500;
      const delay = response.status === 429 ? (retryAfterMs(response.headers.get('retry-after')) ?? this.backoff(attempt)) : this.backoff(attempt);
      await response.body?.cancel();
      if (!retryable || attempt >= this.maxAttempts || delay > this.maxRetryAfterMs || Date.now() + delay >= deadline) {
        const level = response.status === 401 ? 'error' : 'warn';
        this.options.logger?.[level]({ path, status: response.status, attempt }, 'TMDB request failed');
        throw new CatalogueUnavailableError(`TMDB answered ${response.status}`, response.status);
      }
      this.options.logger?.warn({ path, status: response.status, attempt, delay }, 'TMDB asked to retry');
      await sleep(delay);
    }
  }

  /** 300 ms, 600 ms, 1.2 s ... with jitter so parallel retries spread out. */
  private backoff(attempt: number) {
    return this.retryBaseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
  }
}

function isTimeout(error: unknown) {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Retry-After is seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
