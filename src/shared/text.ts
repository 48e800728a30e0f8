import { z } from 'zod';

/**
 * U+0000 (NUL) has no place in any text we accept, and PostgreSQL cannot store it in a text
 * column: a NUL reaching a query fails it. Every string the API validates refuses it, and so does
 * the server's guard in front of every /api route (http/nul-guard.ts), Better Auth's included.
 */
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/** z.string() that refuses NUL; chain trim, min, max and the rest on it as usual. */
export const text = () => z.string().refine(hasNoNul, NUL_MESSAGE);
