import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATA_ID, type BootData } from '../../shared/boot-data';
import { profiles } from '../db/schema';
import { signUpVerified } from '../test/accounts';
import { createTestApp, listenForTest, type TestApp } from '../test/harness';
import type { PageRenderer } from './page-renderer';
import { PROFILE_ROUTE_SOURCE, profilePage, profilePageTarget } from './profile-page';
import { createHttpServer } from './server';
import { WebAssets } from './web-app';

// A profile page's HTML (ADR 076) names the route's chunks and carries the viewer's first API
// answers: exactly what GET /api/session and GET /api/profiles/... answer the same cookies, never
// more (a private profile, hidden favorites, a blocking owner), and never cached for anyone else.

const INDEX = '<!doctype html><html><head><title>Reelmates</title><script type="module" src="/assets/index-e.js"></script></head><body></body></html>';
// A manifest of the shape Vite writes: the entry, the profile route and a chunk they share.
const MANIFEST = {
  'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_vendor-v.js'] },
  '_vendor-v.js': { file: 'assets/vendor-v.js' },
  [PROFILE_ROUTE_SOURCE]: { file: 'assets/profile-route-p.js', isDynamicEntry: true, imports: ['index.html', '_lists-l.js'] },
  '_lists-l.js': { file: 'assets/lists-l.js', imports: ['_vendor-v.js'] },
};

let t: TestApp;
let base: string;
let closeServer: () => Promise<void>;

/** The test app's front door over a built web app of `index` and MANIFEST, its profile pages drawn by `render` when given. */
async function serveWebApp(index: string, render?: PageRenderer): Promise<{ base: string; close: () => Promise<void> }> {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), index);
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  const logger = pino({ level: 'silent' });
  const assets = new WebAssets(distDir);
  const served = await listenForTest(createHttpServer(t.app, t.deps.config, { logger, assets, page: profilePage(t.deps, assets, logger, render) }));
  return {
    base: served.base,
    close: async () => {
      await served.close();
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ base, close: closeServer } = await serveWebApp(INDEX));
});
afterAll(async () => {
  await closeServer();
  await t.close();
});

/** The page as a browser gets it, and the boot data it carries (null when none). */
async function page(pathname: string, cookie?: string) {
  const res = await fetch(base + pathname, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`).exec(html);
  return { res, html, boot: match ? (JSON.parse(match[1]!) as BootData) : null };
}

const api = async (pathname: string, cookie?: string) => {
  const res = await t.request(pathname, { headers: cookie ? { cookie } : {} });
  return res.status === 200 ? await res.json() : null;
};

describe('profile pages carry their data', () => {
  it('names the route chunks the entry does not load and carries the answers of /api/session and the profile, by name and by id', async () => {
    const owner = await signUpVerified(t, { fullName: 'Page Owner' });
    const other = await signUpVerified(t);
    const cases = [
      { pathname: `/${owner.username}`, apiPath: `/api/profiles/by-username/${owner.username}`, target: { username: owner.username } },
      { pathname: `/profile/${owner.id}`, apiPath: `/api/profiles/${owner.id}`, target: { id: owner.id } },
    ];
    for (const { pathname, apiPath, target } of cases) {
      for (const cookie of [owner.cookie, other.cookie, undefined]) {
        const { res, html, boot } = await page(pathname, cookie);
        expect(res.status).toBe(200);
        expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-route-p.js">');
        expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/lists-l.js">');
        expect(html).not.toContain('modulepreload" crossorigin href="/assets/vendor-v.js"');
        expect(boot).toEqual({ session: await api('/api/session', cookie), profile: { target, view: await api(apiPath, cookie) } });
        // Per viewer: never stored, never shared, no validator that another viewer could match.
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('etag')).toBeNull();
        expect(res.headers.get('vary')).toContain('Cookie');
      }
    }
    expect((await page(`/${owner.username}`, owner.cookie)).boot?.profile?.view).toMatchObject({ isOwn: true, fullName: 'Page Owner' });
    expect((await page(`/${owner.username}`, owner.cookie)).boot?.session.user?.id).toBe(owner.id);
  });

  it('leaks nothing of a private profile or hidden favorites: the same view as the API, without owner fields', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ showFavorites: false }).where(eq(profiles.id, owner.id));
    let guest = (await page(`/${owner.username}`)).boot!.profile!.view;
    expect(guest.visible.favorites).toBe(false);
    expect(guest.favoritesCount).toBeNull();
    expect(guest.visible.watchlist).toBe(true);

    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, owner.id));
    guest = (await page(`/${owner.username}`)).boot!.profile!.view;
    const signedIn = (await page(`/${owner.username}`, other.cookie)).boot!.profile!.view;
    for (const view of [guest, signedIn]) {
      expect(view).toMatchObject({ isOwn: false, isPrivate: true, favoritesCount: null, watchlistCount: null, currentlyWatching: null });
      expect(view.visible).toEqual({ favorites: false, watchlist: false, currentlyWatching: false, forums: false });
      expect(JSON.stringify(view)).not.toMatch(/notifyOn|showFavorites|favoriteGenres/);
    }
    expect(signedIn).toEqual(await api(`/api/profiles/by-username/${owner.username}`, other.cookie));
    expect((await page(`/${owner.username}`, owner.cookie)).boot!.profile!.view).toMatchObject({ isOwn: true, showFavorites: false });
  });

  it('carries no profile where the API answers 404: a missing user, a banned one, an owner who blocked the viewer', async () => {
    const owner = await signUpVerified(t);
    const blocked = await signUpVerified(t);
    expect((await t.request(`/api/blocks/${blocked.id}`, { method: 'PUT', headers: { cookie: owner.cookie } })).status).toBe(200);
    const forBlocked = await page(`/${owner.username}`, blocked.cookie);
    expect(forBlocked.res.status).toBe(200);
    expect(forBlocked.boot).toEqual({ session: await api('/api/session', blocked.cookie) });
    expect(forBlocked.html).not.toContain(owner.id);

    expect((await page('/nobody_by_this_name')).boot).toEqual({ session: { user: null, access: null } });
    const banned = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    expect((await page(`/profile/${banned.id}`, owner.cookie)).boot?.profile).toBeUndefined();
  });

  it('keeps what a profile writes inside its script element', async () => {
    const owner = await signUpVerified(t);
    const bio = '</script><script>alert(1)</script><!--';
    await t.deps.database.db.update(profiles).set({ bio }).where(eq(profiles.id, owner.id));
    const { html, boot } = await page(`/${owner.username}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(boot!.profile!.view.bio).toBe(bio);
  });

  it('serves other pages the plain, cacheable index.html', async () => {
    for (const pathname of ['/', '/discover', '/settings', '/profile', '/a/b', '/1abc']) {
      const { res, html } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(html, pathname).toBe(INDEX);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(res.headers.get('etag'), pathname).toBeTruthy();
    }
    expect(profilePageTarget('/Settings')).toBeUndefined();
    expect(profilePageTarget('/some_one')).toEqual({ username: 'some_one' });
    expect(profilePageTarget('/profile/abc-DEF_1')).toEqual({ id: 'abc-DEF_1' });
  });
});

// ADR 094: with the web app's renderer, the page's markup comes in the HTML, drawn from the same
// boot data, and its code starts once it has painted. The renderer here is a stand-in that says what
// it was given (the real one is tested in src/web/ssr/render-page.test.tsx and the browser suite).
describe('profile pages come drawn', () => {
  const DRAWN_INDEX =
    '<!doctype html><html><head><title>Reelmates</title><script type="module" crossorigin src="/assets/index-e.js"></script></head><body><div id="root"></div></body></html>';
  let drawnBase: string;
  let closeDrawn: () => Promise<void>;
  let failNext = false;
  const asked: { url: string; data: BootData }[] = [];

  beforeAll(async () => {
    const render = async (url: string, data: BootData) => {
      asked.push({ url, data });
      if (failNext) throw new Error('drawing failed');
      // Replacement patterns of String.replace ($&, $', $`) must land as written.
      return `<main><h1>${data.profile?.view.fullName ?? 'no profile'}</h1><p>$&amp; $' $\`</p></main>`;
    };
    ({ base: drawnBase, close: closeDrawn } = await serveWebApp(DRAWN_INDEX, render));
  });
  afterAll(() => closeDrawn());

  const drawnPage = async (pathname: string, cookie?: string) => (await fetch(drawnBase + pathname, { headers: cookie ? { cookie } : {} })).text();

  it('puts the markup in the root element, drawn from the boot data, and starts the code once painted instead of beside it', async () => {
    const owner = await signUpVerified(t, { fullName: 'Drawn Owner' });
    const viewer = await signUpVerified(t);
    asked.length = 0;
    const html = await drawnPage(`/${owner.username}`, viewer.cookie);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe(`http://reelmates.invalid/${owner.username}`);
    expect(asked[0]!.data).toEqual({
      session: await api('/api/session', viewer.cookie),
      profile: { target: { username: owner.username }, view: await api(`/api/profiles/by-username/${owner.username}`, viewer.cookie) },
    });
    expect(html).toContain(`<div id="root" data-hydrating><main><h1>Drawn Owner</h1><p>$&amp; $' $\`</p></main></div>`);
    expect(html).toContain('<script src="/start-after-paint.js" data-entry="/assets/index-e.js" data-chunks="/assets/profile-route-p.js /assets/lists-l.js" defer></script>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    // The boot data is still there, for the browser's cache.
    expect(html).toContain(`<script type="application/json" id="${BOOT_DATA_ID}">`);
  });

  it("serves the page drawn by the browser when drawing fails, for a guest's /profile/{id}, and into an index.html it cannot place markup in", async () => {
    const owner = await signUpVerified(t, { fullName: 'Undrawn Owner' });
    failNext = true;
    try {
      const html = await drawnPage(`/${owner.username}`);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-e.js"></script>');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-route-p.js">');
      expect(html).toContain('Undrawn Owner');
    } finally {
      failNext = false;
    }
    // A guest's /profile/{id} is not drawn: the client sends them on to /auth.
    asked.length = 0;
    expect(await drawnPage(`/profile/${owner.id}`)).toContain('<div id="root"></div>');
    expect(asked).toEqual([]);
    // The first suite's index.html has no root element: its pages are never drawn.
    expect((await page(`/${owner.username}`)).html).not.toContain('data-hydrating');
  });

  it("keeps a bio's replacement patterns and script tags where they belong", async () => {
    const owner = await signUpVerified(t);
    const bio = "$' $& $` </script><script>alert(1)</script>";
    await t.deps.database.db.update(profiles).set({ bio }).where(eq(profiles.id, owner.id));
    const html = await drawnPage(`/${owner.username}`);
    const boot = JSON.parse(new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`).exec(html)![1]!) as BootData;
    expect(boot.profile!.view.bio).toBe(bio);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
