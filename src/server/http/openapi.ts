import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { errorResponse } from './errors';

/**
 * Routers of every module are made here, so that invalid input anywhere gets the one error shape:
 * 400 validation_failed with the first message, and every message per field in details.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const details: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        (details[key] ??= []).push(issue.message);
      }
      const first = result.error.issues[0]?.message ?? 'Invalid request.';
      return errorResponse(c, 400, 'validation_failed', first, details);
    },
  });
}

/** The one error shape (ErrorBody in errors.ts), published once as #/components/schemas/Error. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ description: 'Stable, machine-readable: validation_failed, unauthorized, not_found, rate_limited, …' }),
      message: z.string().openapi({ description: 'A sentence the web app shows as it is' }),
      details: z.record(z.string(), z.array(z.string())).optional().openapi({ description: 'validation_failed only: every message, per field' }),
    }),
  })
  // No example: one schema serves every status, and an example would give a 400 the code of a 401.
  .openapi('Error');

/** The name of the session cookie scheme in the document's components. */
export const SESSION_SCHEME = 'sessionCookie';

/**
 * Publishes the OpenAPI document at /openapi.json of the API router, which is mounted at /api:
 * the paths are relative to the `/api` server entry, so tools resolve /api/… .
 */
export function publishApiDocument(api: OpenAPIHono<AppEnv>) {
  api.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'reelmates.session_token',
    description:
      'The Better Auth session cookie, set by signing in (`__Secure-reelmates.session_token` in production, over HTTPS). A browser signed in to Reelmates sends it by itself, so Try it out on /api/docs calls as that user.',
  });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Reelmates API',
      version: '0.1.0',
      description:
        'The JSON API of Reelmates. Every error answers `{ error: { code, message } }` (the Error schema). `x-access` says who may call an operation: visitor, user (a session), premium (a premium member’s session) or admin. Sign-in, sign-out, password reset and e-mail change are Better Auth’s routes under /api/auth/*, not listed here.',
    },
    servers: [{ url: '/api', description: 'This server' }],
  });
}
