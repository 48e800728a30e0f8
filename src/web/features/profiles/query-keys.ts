/** Which profile a page shows: by id (/profile/{id}) or by name (the /{username} share link). */
export type ProfileTarget = { id: string } | { username: string };

/**
 * Every query key of the profiles feature starts here. A file of its own so the header's search
 * box can share the keys without loading the feature's fetchers (and their route tables).
 */
export const profileKeys = {
  all: ['profiles'] as const,
  profile: (target: ProfileTarget) => [...profileKeys.all, 'profile', 'id' in target ? { id: target.id } : { username: target.username.toLowerCase() }] as const,
  followLists: (userId: string, q: string) => [...profileKeys.all, 'follows', userId, q.trim().toLowerCase()] as const,
  search: (q: string) => [...profileKeys.all, 'search', q.trim().toLowerCase()] as const,
};
