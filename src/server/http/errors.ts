import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';

/** The one error shape of the API: { error: { code, message } }. Never a stack trace. */
export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, string[]> };
}

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const errors = {
  badRequest: (message: string, details?: Record<string, string[]>) => new AppError(400, 'bad_request', message, details),
  unauthorized: (message = 'You must be signed in.') => new AppError(401, 'unauthorized', message),
  forbidden: (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message),
  notFound: (message = 'Not found.') => new AppError(404, 'not_found', message),
  conflict: (code: string, message: string) => new AppError(409, code, message),
  tooMany: (message = 'Too many requests. Please wait a moment and try again.') => new AppError(429, 'rate_limited', message),
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function errorResponse(c: Context, status: ContentfulStatusCode, code: string, message: string, details?: Record<string, string[]>) {
  const body: ErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  return c.json(body, status);
}

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) return errorResponse(c, err.status, err.code, err.message, err.details);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status >= 500) {
      c.get('logger')?.error({ err }, 'http exception');
      return errorResponse(c, 500, 'internal_error', 'Something went wrong. Please try again.');
    }
    const message = status === 400 && /json/i.test(err.message) ? 'The request body is not valid JSON.' : err.message || 'Bad request.';
    return errorResponse(c, status, CODE_BY_STATUS[status] ?? 'error', message);
  }
  c.get('logger')?.error({ err }, 'unhandled error');
  return errorResponse(c, 500, 'internal_error', 'Something went wrong. Please try again.');
}
