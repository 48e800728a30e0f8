import { type InputOf, type ResponseOf, type RouteContract, type RouteRef, urlOf } from '@shared/api/contract';

/** The one way the web app talks to the API: JSON in, JSON out, errors as ApiError with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls a route of a module's table (src/shared/api): the URL, method and body come from the
 * contract, and the answer has the contract's response type. No casts at the call sites.
 */
export function call<C extends RouteContract>(contract: C | RouteRef<C>, ...[input, options]: CallArgs<C>): Promise<ResponseOf<C>> {
  const given = (input ?? {}) as { params?: object; query?: object; body?: unknown; form?: FormData };
  return send(urlOf(contract, given), { method: contract.method.toUpperCase() as Method, body: given.body, form: given.form, signal: options?.signal });
}

/** Input is optional for routes that take none. */
type CallArgs<C extends RouteContract> = object extends InputOf<C> ? [input?: InputOf<C>, options?: CallOptions] : [input: InputOf<C>, options?: CallOptions];
interface CallOptions {
  signal?: AbortSignal;
}

/** A request outside the route tables (Better Auth's /api/auth/* and the dev mailbox pages). */
export function api<T>(path: string, options: { method?: Method; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  return send(path.startsWith('/') ? path : `/api/${path}`, options);
}

async function send<T>(url: string, options: { method?: Method; body?: unknown; form?: FormData; signal?: AbortSignal }): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'same-origin', signal: options.signal, headers: { accept: 'application/json' } };
  if (options.form !== undefined) {
    init.body = options.form;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!response.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: Record<string, string[]> } } | undefined)?.error;
    throw new ApiError(response.status, err?.code ?? 'error', err?.message ?? `Request failed (${response.status}).`, err?.details);
  }
  return data as T;
}
