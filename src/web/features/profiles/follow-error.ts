import { ApiError } from '@/lib/api';

/**
 * The toast text for a failed follow or unfollow: the server's own message when it refused for
 * going too fast (429, "You're following and unfollowing too quickly...") or between a blocked pair
 * (403, "You can't interact with this user."), since retrying would fail again; otherwise the
 * spec's text for the action.
 */
export function followErrorDescription(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === 429 || error.status === 403) ? error.message : fallback;
}
