import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, ViewportSize } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { signedInPage } from './journeys';
import { type AppServer, startAppServer } from './server';

export interface AppOptions {
  /** `false`: the browser only; the suite starts its own servers (several instances, another database). */
  server?: boolean;
  /**
   * The server's environment on top of the test defaults. A function is called when the server
   * starts, after the suite's earlier `beforeAll` hooks, for values known only then (a fake API's URL).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Console errors the pages of `signedIn()` expect in this suite. */
  allowConsoleErrors?: RegExp[];
}

export interface App {
  readonly browser: Browser;
  readonly server: AppServer;
  /** The server's base URL, such as `http://127.0.0.1:41234`. */
  readonly url: string;
  /**
   * Stops the server with `signal` (SIGTERM unless told) and starts it again on the same data and
   * port, after `whileStopped` (to change its data directory while no process owns it).
   */
  restart(options?: { signal?: NodeJS.Signals; whileStopped?: (dataDir: string) => Promise<void> }): Promise<AppServer>;
  /** A new verified user signed in, on /discover with its event stream open, in a new context of its own. */
  signedIn(viewport?: ViewportSize, options?: { prefix?: string; allowConsoleErrors?: RegExp[] }): ReturnType<typeof signedIn>;
}

async function signedIn(browser: Browser, url: string, viewport: ViewportSize, prefix: string, allowConsoleErrors: RegExp[]) {
  const context = await browser.newContext({ viewport });
  return { context, ...(await signedInPage(context, url, prefix, allowConsoleErrors)) };
}

/**
 * The built app on a free port with a fresh DATA_DIR, and a headless Chromium, for the tests of the
 * file or `describe` it is called in: started in `beforeAll`, stopped in `afterAll`.
 */
export function useApp(options: AppOptions = {}): App {
  let browser: Browser | undefined;
  let server: AppServer | undefined;
  let env: Record<string, string> | undefined;

  beforeAll(async () => {
    env = typeof options.env === 'function' ? options.env() : options.env;
    // Each is kept as soon as it is up, so afterAll closes it even when the other fails to start.
    await Promise.all([launchBrowser().then((b) => (browser = b)), options.server === false ? undefined : startAppServer({ env }).then((s) => (server = s))]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useApp: no ${what} (it starts in beforeAll${what === 'server' && options.server === false ? ', and this suite has none' : ''})`);
    return value;
  };
  return {
    get browser() {
      return started(browser, 'browser');
    },
    get server() {
      return started(server, 'server');
    },
    get url() {
      return started(server, 'server').url;
    },
    async restart({ signal = 'SIGTERM', whileStopped } = {}) {
      const stopping = started(server, 'server');
      const { dataDir, port } = stopping;
      server = undefined;
      await stopping.stop(signal);
      await whileStopped?.(dataDir);
      server = await startAppServer({ dataDir, port, env });
      return server;
    },
    signedIn(viewport = { width: 1280, height: 900 }, { prefix = 'fan', allowConsoleErrors = options.allowConsoleErrors ?? [] } = {}) {
      return signedIn(started(browser, 'browser'), started(server, 'server').url, viewport, prefix, allowConsoleErrors);
    },
  };
}

/**
 * All 1,000 founding spots taken, as on a server that has had them claimed: the next accounts are free
 * ones. The server is stopped to write it and started again on the same data.
 */
export async function takeAllFoundingSpots(app: App) {
  await app.restart({
    whileStopped: async (dataDir) => {
      const db = await PGlite.create(path.join(dataDir, 'db'));
      await db.query('INSERT INTO founding_counter (id, taken) VALUES (1, 1000) ON CONFLICT (id) DO UPDATE SET taken = 1000');
      await db.close();
    },
  });
}
