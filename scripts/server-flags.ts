/**
 * The Node.js flags the server runs with: `npm start` passes them (package.json's start script,
 * which server-flags.test.ts holds to this list), and the bench starts its servers with them, so
 * that it measures what `npm start` runs.
 *
 * --max-semi-space-size=64 (MB; V8's default on 64-bit is 16): each request allocates tens of
 * kilobytes that live until its statements answer, so a small young generation is scavenged ~28
 * times a second under the mixed load, promoting what is still in flight to the old generation.
 * At 64 the scavenges took 1.4 s of a 30 s window instead of 4.2 s, the load ran ~25% faster and
 * the server's peak RSS stayed ~430 MB (decision 093).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
