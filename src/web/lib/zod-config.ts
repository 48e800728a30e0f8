import { config } from 'zod/v4/core';

/*
 * Zod compiles object parsers with `new Function` when it may: its first object schema probes for
 * eval, which the page's Content-Security-Policy (script-src 'self') refuses. Every signed-in page
 * logged that refusal as a CSP issue (Lighthouse best practices). The app's forms need no compiled
 * parsers, so Zod runs without them. Imported first by main.tsx, before any schema is built.
 */
config({ jitless: true });
