import { describe, expect, it } from 'vitest';
import { profileViewSchema } from './profiles';

const links = { instagramUrl: null, facebookUrl: null, youtubeUrl: null, tiktokUrl: null, twitterUrl: null, linkedinUrl: 'https://linkedin.com/in/x' };
const header = {
  id: 'u1',
  username: 'olive',
  fullName: 'Olive',
  avatarUrl: null,
  bio: null,
  createdAt: '2025-06-14T00:00:00.000Z',
  foundingMember: true,
  isDemo: false,
  followersCount: 2,
  followingCount: 0,
  favoritesCount: null,
  watchlistCount: 3,
  viewerFollows: false,
  viewerBlocks: false,
  viewerMutes: false,
  socialLinks: links,
  isPrivate: false,
  boostExpiresAt: null,
  currentlyWatching: { mediaId: 550, mediaType: 'movie', title: 'Fight Club', posterPath: null, setAt: '2025-06-14T00:00:00.000Z' },
  visible: { favorites: false, watchlist: true, currentlyWatching: true, forums: false },
};
const settings = {
  favoriteGenres: ['Drama'],
  showFavorites: false,
  showWatchlist: true,
  showCurrentlyWatching: true,
  notifyOnFollow: 'both',
  notifyOnFavorite: 'none',
  notifyOnMessage: 'popup',
  notifyOnMatch: 'email',
  notifyOnForum: 'both',
  lastBoostUsedAt: null,
};

describe('the profile view contract (ruling 9)', () => {
  it("takes another user's view and the owner's own view", () => {
    expect(profileViewSchema.safeParse({ ...header, isOwn: false }).success).toBe(true);
    expect(profileViewSchema.safeParse({ ...header, ...settings, isOwn: true }).success).toBe(true);
  });

  it("refuses another user's view that carries any of the owner's settings", () => {
    for (const [key, value] of Object.entries(settings)) {
      expect(profileViewSchema.safeParse({ ...header, isOwn: false, [key]: value }).success, key).toBe(false);
    }
  });

  it('refuses an own view without its settings, and unknown notify preferences', () => {
    expect(profileViewSchema.safeParse({ ...header, isOwn: true }).success).toBe(false);
    expect(profileViewSchema.safeParse({ ...header, ...settings, notifyOnMatch: 'sms', isOwn: true }).success).toBe(false);
  });
});
