import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Outcome, type Role, ROLES } from '../../shared/api/authz';
import { type RouteContract } from '../../shared/api/contract';
import { newUserInput } from '../test/accounts';
import { type Actor, AuthzWorld, MOVIE, SERIES, type SubjectValues } from '../test/authz-world';
import { goodInput, urlFor } from '../test/fuzz';
import { createTestApp, type TestApp } from '../test/harness';
import { declaredRoutes } from '../test/route-tables';

// The authorization matrix (issue 19, item 1). Every route of the route tables is called as a
// visitor, a banned user with a session that was live when the ban came, another user, an admin
// and the owner, each time with the ids of the owner's objects (a thread, a notification, a
// session...) made for the call through the API. The answer must be the one the route's `authz`
// declares (src/shared/api/authz.ts): `ok` is any 2xx, anything else the exact error status. A
// write gets a new owner, other user and admin, and a new object for every caller, so that one
// caller's success (an admin's delete) cannot stand in for another's refusal. The figure printed at
// the end is the issue's: routes × roles tried, and unexpected successes, which must be 0.

const routes = await declaredRoutes();

/** What a route is called with beyond what its schemas make by themselves. */
type Extra = (v: SubjectValues, owner: Actor) => { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown; form?: () => Promise<FormData> };

const avatarForm = async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
  return form;
};

const importForm = async () => {
  const form = new FormData();
  form.set('file', new Blob(['Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,The Matrix,1999,https://boxd.it/2a1m,5\n'], { type: 'text/csv' }), 'ratings.csv');
  return form;
};

const EXTRA: Record<string, Extra> = {
  'accounts signUp': () => ({ body: newUserInput() }),
  'accounts deleteAccount': () => ({ body: { confirm: 'DELETE' } }),
  'accounts usernameAvailable': () => ({ query: { username: 'nobody_has_this_one' } }),
  'accounts resetToken': () => ({ query: { token: 'not-a-real-token' } }),
  'accounts searchProfiles': () => ({ query: { q: 'matrix' } }),
  'admin banUser': () => ({ body: { reason: 'Spam.' } }),
  'admin blockEmail': () => ({ body: { email: `blocked.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com` } }),
  'billing checkout': () => ({ body: { plan: 'monthly' } }),
  'billing donation': () => ({ body: { amount: 1000 } }),
  'billing payTestCheckout': () => ({ body: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } }),
  'billing testPortal': () => ({ body: { action: 'cancel' } }),
  'dev-mailbox list': (_, owner) => ({ query: { to: owner.email } }),
  'forums genreForum': () => ({ params: { name: 'Drama' } }),
  'forums createThread': () => ({ body: { title: 'A thread of the matrix', content: 'Who may write here?' } }),
  'forum-threads updateThread': () => ({ body: { title: 'Edited by the matrix' } }),
  'forum-threads pinThread': () => ({ body: { pinned: true } }),
  'forum-replies createReply': () => ({ body: { content: 'A reply from the matrix' } }),
  'forum-replies updateReply': () => ({ body: { content: 'Edited by the matrix' } }),
  'forums report': (v) => ({ body: { threadId: v.threadId, reason: 'spam' } }),
  'lists addFavorite': () => ({ body: { mediaType: MOVIE.type, mediaId: MOVIE.id, rating: 4 } }),
  'lists updateRating': () => ({ body: { rating: 3 } }),
  'lists addWatchlist': () => ({ body: { mediaType: MOVIE.type, mediaId: MOVIE.id } }),
  'imports confirm': () => ({ body: { choices: [] } }),
  'imports preview': () => ({ form: importForm }),
  'lists setWatching': () => ({ body: { mediaType: MOVIE.type, mediaId: MOVIE.id } }),
  'messages send': () => ({ body: { content: 'Hello from the matrix' } }),
  'passkeys rename': () => ({ body: { name: 'Renamed by the matrix' } }),
  'settings uploadAvatar': () => ({ form: avatarForm }),
  'settings updateProfile': () => ({ body: { fullName: 'Matrix Renamed' } }),
  'settings setFavoriteGenres': () => ({ body: { genres: ['Drama'] } }),
  'social report': () => ({ body: { reason: 'A report from the matrix' } }),
  'support contact': () => ({ body: { type: 'Bug Report', name: 'Matrix', email: 'matrix@example.com', subject: 'Hello', message: 'A message from the matrix.' } }),
  'titles search': () => ({ query: { q: 'the' } }),
  'titles suggest': () => ({ query: { q: 'the' } }),
  'titles titleProviders': () => ({ query: { titles: `movie:${MOVIE.id},tv:${SERIES.id}` } }),
  'titles list': () => ({ params: { list: 'top_rated' } }),
  'titles season': () => ({ params: { id: SERIES.id, season: 1 } }),
};

let t: TestApp;
let world: AuthzWorld;
/** The owner and other user of the reads (a read changes nothing, so they are made once). */
let readers: { owner: Actor; other: Actor; admin: Actor };
/** Poster files of the offline catalogue, for the art route. */
let art: { type: string; id: number; file: string };

const tally = { calls: 0, unexpectedSuccesses: [] as string[], mismatches: 0 };

beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX_REMOTE: 'true' });
  world = await AuthzWorld.create(t);
  readers = await world.people();
  const details = (await (await t.request(`/api/catalogue/titles/${MOVIE.type}/${MOVIE.id}`)).json()) as { posterPath?: string | null; poster_path?: string | null };
  const poster = JSON.stringify(details).match(/\/api\/catalogue\/art\/(movie|tv)\/(\d+)\/([^"?/]+)/);
  if (!poster) throw new Error('no poster in the offline details');
  art = { type: poster[1]!, id: Number(poster[2]), file: poster[3]! };
});

afterAll(async () => {
  console.log(
    `authorization matrix: ${routes.length} routes × ${ROLES.length} roles, ${tally.calls} calls; ${tally.mismatches} answers other than declared; unexpected successes: ${tally.unexpectedSuccesses.length}`,
  );
  await t?.close();
});

const outcomeOf = (status: number): Outcome | number => (status >= 200 && status < 300 ? 'ok' : status);

async function inputFor(file: string, name: string, contract: RouteContract, values: SubjectValues, owner: Actor) {
  const good = goodInput(contract, { userId: owner.id, username: owner.username });
  const extra = EXTRA[`${file.replace(/\.ts$/, '')} ${name}`]?.(values, owner) ?? {};
  const params: Record<string, string> = {};
  for (const key of Object.keys(good.params ?? {})) {
    const value = extra.params?.[key] ?? (name === 'art' ? art[key as keyof typeof art] : values[key]);
    if (value === undefined) throw new Error(`${file} ${name}: nothing fills the path param {${key}}: give the route's authz a subject, or the route an entry in EXTRA`);
    params[key] = String(value);
  }
  let body: unknown = extra.body ?? (good.body && 'json' in good.body ? good.body.json : undefined);
  if (body && typeof body === 'object' && !Array.isArray(body) && !extra.body) {
    body = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, values[k] ?? v]));
  }
  const url = urlFor(contract, { params, query: { ...(good.query ?? {}), ...(extra.query ?? {}) } });
  const init: RequestInit = { method: contract.method.toUpperCase() };
  if (extra.form) init.body = await extra.form();
  else if (body !== undefined && contract.method !== 'get') {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  return { url, init };
}

describe('the authorization matrix: every route × visitor, banned, other user, admin, owner', () => {
  it('walks every route, each declaring an answer for every role', () => {
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes.filter(({ contract }) => !contract.authz || ROLES.some((r) => contract.authz.expect[r] === undefined));
    expect(undeclared.map(({ file, name }) => `${file} ${name}`)).toEqual([]);
  });

  for (const { file, name, contract } of routes) {
    it(`${contract.method.toUpperCase()} ${contract.path} (${file} ${name})`, async () => {
      const { subject, expect: declared } = contract.authz;
      const write = contract.method !== 'get';
      const people = write ? await world.people() : readers;
      const actorOf: Record<Role, Actor | null> = { visitor: null, banned: world.banned, other: people.other, admin: people.admin, owner: people.owner };
      // A read shares one object; a write gets one per caller, all made before the first call.
      const made: SubjectValues[] = [];
      for (let i = 0; subject && i < (write ? ROLES.length : 1); i++) made.push(await world.make(subject, people.owner, people.other));
      const wrong: string[] = [];
      for (const [i, role] of ROLES.entries()) {
        const values = made[write ? i : 0] ?? {};
        const { url, init } = await inputFor(file, name, contract, values, people.owner);
        await world.resetLimits();
        const caller = actorOf[role];
        const res = await (caller ? t.as(caller) : t.request)(url, init);
        const text = contract.path === '/events' ? (await res.body?.cancel(), '') : await res.text();
        tally.calls++;
        const got = outcomeOf(res.status);
        if (got !== declared[role]) {
          tally.mismatches++;
          wrong.push(`${role}: declared ${declared[role]}, got ${res.status} ${text.slice(0, 160)}`);
          if (got === 'ok') tally.unexpectedSuccesses.push(`${contract.method.toUpperCase()} ${contract.path} as ${role}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
