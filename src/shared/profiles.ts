/** One row of the people search (header box and /search Users section). */
export interface ProfileSearchResult {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
}
