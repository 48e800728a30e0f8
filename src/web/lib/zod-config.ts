/*
 * Zod compiles object parsers with `new Function` when it may: its first object schema probes for
 * eval, which the page's Content-Security-Policy (script-src 'self') refuses. Every page that built a
 * schema logged that refusal as a CSP issue (Lighthouse best practices). The app's forms need no
 * compiled parsers, so Zod runs jitless in the browser.
 *
 * Zod keeps its configuration on globalThis.__zod_globalConfig, shared by every copy of it, and
 * adopts an object already there. Setting the flag there costs the entry chunk nothing; importing
 * `config` from zod/v4/core put 11 KB in it, over the landing page's budget. zod-config.test.ts
 * checks that Zod sees the flag. Imported first by main.tsx, before any chunk with a schema loads.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
