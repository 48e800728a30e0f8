/** One row of the people search (header box and /search Users section). */
export interface ProfileSearchResult {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
}

export type NotifyPreference = 'none' | 'popup' | 'email' | 'both';

export interface SocialLinks {
  instagramUrl: string | null;
  facebookUrl: string | null;
  youtubeUrl: string | null;
  tiktokUrl: string | null;
  twitterUrl: string | null;
  linkedinUrl: string | null;
}

export interface CurrentlyWatching {
  mediaId: number;
  mediaType: 'movie' | 'tv';
  title: string;
  posterPath: string | null;
  setAt: string;
}

/** What anyone may see of a profile. Hidden sections are null, not merely flagged. */
export interface PublicProfile {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: string;
  foundingMember: boolean;
  followersCount: number;
  followingCount: number;
  /** null when the viewer may not see the favorites (ruling 9). */
  favoritesCount: number | null;
  /** null when the viewer may not see the watchlist (ruling 9). */
  watchlistCount: number | null;
  /** Whether the signed-in viewer follows this user (false for guests and on one's own profile). */
  viewerFollows: boolean;
  socialLinks: SocialLinks;
  isPrivate: boolean;
  boostExpiresAt: string | null;
  /** null when hidden by is_private or show_currently_watching, or when nothing is set. */
  currentlyWatching: CurrentlyWatching | null;
  /** Which list sections the viewer may see. */
  visible: { favorites: boolean; watchlist: boolean; currentlyWatching: boolean; forums: boolean };
  isOwn: boolean;
}

/** The owner's own view adds the settings that only they (and admins) may read. */
export interface OwnProfile extends PublicProfile {
  favoriteGenres: string[];
  showFavorites: boolean;
  showWatchlist: boolean;
  showCurrentlyWatching: boolean;
  notifyOnFollow: NotifyPreference;
  notifyOnFavorite: NotifyPreference;
  notifyOnMessage: NotifyPreference;
  notifyOnMatch: NotifyPreference;
  lastBoostUsedAt: string | null;
}
