import { OpenAPIHono } from '@hono/zod-openapi';
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

export const errorSchemaRef = {
  description: 'Error',
  content: {
    'application/json': {
      schema: {
        type: 'object' as const,
        properties: {
          error: {
            type: 'object' as const,
            properties: { code: { type: 'string' as const }, message: { type: 'string' as const } },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
      },
    },
  },
};
