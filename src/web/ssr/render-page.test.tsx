import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootData } from '@shared/boot-data';
import { type ProfileView, profileViewSchema } from '@shared/profiles';
import { sessionViewSchema, type SessionView } from '@shared/session';
import { renderPage } from './render-page';

// The server's drawing of a profile page (ADR 094): the same components as the browser's, over the
// boot data alone. It must show the profile, ask nothing of the network, escape what members wrote,
// and leave nothing that needs an inline script (the pages' Content-Security-Policy allows none).

const profile = (overrides: Partial<ProfileView> = {}): ProfileView =>
  profileViewSchema.parse({
    id: 'u-owner',
    username: 'Film_Fan',
    fullName: 'Film Fan',
    avatarUrl: null,
    bio: 'Westerns, mostly.',
    createdAt: '2026-11-01T10:00:00.000Z',
    foundingMember: true,
    isDemo: false,
    followersCount: 1234,
    followingCount: 5,
    favoritesCount: 7,
    watchlistCount: 2,
    viewerFollows: false,
    viewerBlocks: false,
    viewerMutes: false,
    socialLinks: { instagramUrl: null, facebookUrl: null, youtubeUrl: null, tiktokUrl: null, twitterUrl: null, linkedinUrl: null },
    isPrivate: false,
    boostExpiresAt: null,
    currentlyWatching: { mediaId: 550, mediaType: 'movie', title: 'Fight Club', posterPath: null, setAt: '2026-11-21T03:30:00.000Z' },
    visible: { favorites: true, watchlist: true, currentlyWatching: true, forums: false },
    isOwn: false,
    ...overrides,
  });

const guest: SessionView = { user: null, access: null };
const member: SessionView = sessionViewSchema.parse({
  user: {
    id: 'u-viewer',
    email: 'viewer@example.test',
    emailVerified: true,
    username: 'viewer',
    fullName: 'Vera Viewer',
    avatarUrl: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    foundingNumber: null,
  },
  access: { isPremium: false, isSubscribed: false, isFoundingMember: false, isOnTrial: false, trialDaysLeft: 0, isAdmin: false, tier: 'free' },
});

/** The markup, less the `<!-- -->` React puts between adjacent texts (which the browser's hydration expects). */
const page = async (path: string, data: BootData) => (await renderPage(`http://reelmates.invalid${path}`, data))?.replaceAll('<!-- -->', '');

let fetchCalls: unknown[];
beforeEach(() => {
  fetchCalls = [];
  vi.stubGlobal('fetch', (...args: unknown[]) => {
    fetchCalls.push(args);
    return Promise.reject(new Error('no network while drawing a page'));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('renderPage', () => {
  it("draws a guest's view of a profile from the boot data: name, handle, counts, the sign-in actions, the lists' placeholder", async () => {
    const html = await page('/Film_Fan', { session: guest, profile: { target: { username: 'Film_Fan' }, view: profile() } });
    expect(html).toMatch(/<h1[^>]*>Film Fan<\/h1>/);
    expect(html).toContain('@Film_Fan');
    expect(html).toContain('Westerns, mostly.');
    // Counts in the page's language whatever the server's, as the browser's first render draws them.
    expect(html).toContain('1,234');
    expect(html).toContain('Sign in to Follow');
    expect(html).toContain('Log In');
    // The parts with code of their own are drawn as their stand-ins (LazyPart), to load once the
    // browser has the page: the lists' placeholder, not the lists.
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('Currently Watching');
    expect(fetchCalls).toEqual([]);
  });

  it("draws a member's view with their header, and the owner's own profile", async () => {
    const other = await page('/Film_Fan', { session: member, profile: { target: { username: 'Film_Fan' }, view: profile() } });
    expect(other).toMatch(/<button[^>]*>.*Follow<\/button>/);
    expect(other).not.toContain('Sign in to Follow');
    // The More menu's stand-in, disabled until its code is there.
    expect(other).toMatch(/<button[^>]*disabled=""[^>]*aria-label="More actions for @Film_Fan"/);
    // The signed-in header: the primary navigation and the user menu instead of Log In.
    expect(other).toContain('aria-label="Primary"');
    expect(other).toContain('aria-label="User menu"');
    expect(other).not.toContain('Log In');
    const own = profileViewSchema.parse({
      ...profile(),
      id: 'u-viewer',
      username: 'viewer',
      fullName: 'Vera Viewer',
      isOwn: true,
      favoriteGenres: [],
      showFavorites: true,
      showWatchlist: true,
      showCurrentlyWatching: true,
      notifyOnFollow: 'both',
      notifyOnFavorite: 'both',
      notifyOnMessage: 'both',
      notifyOnMatch: 'both',
      notifyOnForum: 'both',
      lastBoostUsedAt: null,
    });
    const html = await page('/profile/u-viewer', { session: member, profile: { target: { id: 'u-viewer' }, view: own } });
    expect(html).toMatch(/<h1[^>]*>Vera Viewer<\/h1>/);
    expect(html).toContain('Edit Social Links');
    expect(fetchCalls).toEqual([]);
  });

  it('escapes what members wrote, and needs no inline script nor leaves a boundary for the browser to redo', async () => {
    const hostile = "</div><script>alert(1)</script><img src=x onerror=alert(2)> $& $` $'";
    const html = (await page('/Film_Fan', { session: guest, profile: { target: { username: 'Film_Fan' }, view: profile({ fullName: hostile, bio: hostile }) } }))!;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // React's streaming leaves <template> and <!--$?--> / <!--$!--> for boundaries it did not finish.
    expect(html).not.toContain('<template');
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });

  it('draws a page without a profile (missing, or hidden from this viewer) as the browser would before asking', async () => {
    const html = await page('/Nobody_Here', { session: guest });
    expect(html).toContain('Log In');
    expect(html).not.toContain('<h1');
    expect(fetchCalls).toEqual([]);
  });
});
