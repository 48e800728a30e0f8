import { toast } from 'sonner';
import { useSession } from '@/features/auth/session';
import { ApiError } from '@/lib/api';
import type { MediaType } from '@shared/catalogue';
import { listMessages as m } from '@shared/lists';
import * as lists from './api';

export interface ActionTitle {
  mediaType: MediaType;
  mediaId: number;
  title: string;
}

/**
 * The favorite, watchlist and watching state of one title for the signed-in user, and the actions
 * that change it, each with the spec's toasts. Guests get 'Please log in' and nothing is sent.
 */
export function useListActions(t: ActionTitle) {
  const { user } = useSession();
  const mine = lists.useMyLists();
  const key = { mediaType: t.mediaType, mediaId: t.mediaId };
  const same = (k: { mediaType: MediaType; mediaId: number } | null | undefined) => !!k && k.mediaType === t.mediaType && k.mediaId === t.mediaId;
  const rating = mine.data?.favorites.find(same)?.rating ?? null;
  const inWatchlist = !!mine.data?.watchlist.some(same);
  const watching = same(mine.data?.currentlyWatching);

  const add = lists.useListMutation((stars: number) => lists.addFavorite(key, stars));
  const update = lists.useListMutation((stars: number) => lists.updateRating(key, stars));
  const unfavorite = lists.useListMutation(() => lists.removeFavorite(key));
  const watchAdd = lists.useListMutation(() => lists.addToWatchlist(key));
  const watchRemove = lists.useListMutation(() => lists.removeFromWatchlist(key));
  const watchSet = lists.useListMutation(() => lists.setWatching(key));
  const watchClear = lists.useListMutation(() => lists.clearWatching());

  const signedIn = () => {
    if (user) return true;
    toast.error(m.pleaseLogIn);
    return false;
  };

  /** Adds or re-rates; resolves to 'created' for a new favorite (the follow-up dialog then shows). */
  async function rate(stars: number): Promise<'created' | 'updated' | null> {
    if (!signedIn()) return null;
    if (rating !== null) {
      try {
        await update.mutateAsync(stars);
        toast.success(m.updatedRating);
        return 'updated';
      } catch {
        toast.error(m.errors.updateRating);
        return null;
      }
    }
    try {
      const result = await add.mutateAsync(stars);
      toast.success(result.created ? m.addedToFavorites(stars) : m.updatedRating);
      return result.created ? 'created' : 'updated';
    } catch {
      toast.error(m.errors.addFavorite);
      return null;
    }
  }

  async function removeFavorite() {
    if (!signedIn()) return;
    try {
      await unfavorite.mutateAsync(undefined);
      toast.success(m.removedFromFavorites);
    } catch {
      toast.error(m.errors.removeFavorite);
    }
  }

  async function addToWatchlist() {
    if (!signedIn()) return;
    try {
      await watchAdd.mutateAsync(undefined);
      toast.success(m.addedToWatchlist);
    } catch (error) {
      toast.error(error instanceof ApiError && error.code === 'already_in_watchlist' ? error.message : m.errors.addWatchlist);
    }
  }

  async function removeFromWatchlist() {
    if (!signedIn()) return;
    try {
      await watchRemove.mutateAsync(undefined);
      toast.success(m.removedFromWatchlist);
    } catch {
      toast.error(m.errors.removeWatchlist);
    }
  }

  /** Set as watching, or, when it is the title being watched, clear all five fields. */
  async function toggleWatching() {
    if (!signedIn()) return;
    if (watching) {
      try {
        await watchClear.mutateAsync(undefined);
        toast.success(m.clearedWatching);
      } catch {
        toast.error(m.errors.updateStatus);
      }
      return;
    }
    try {
      await watchSet.mutateAsync(undefined);
      toast.success(m.setWatching(t.title));
    } catch {
      toast.error(m.errors.setWatching);
    }
  }

  return {
    signedIn: !!user,
    rating,
    favorited: rating !== null,
    inWatchlist,
    watching,
    busy: {
      favorite: add.isPending || update.isPending || unfavorite.isPending,
      watchlist: watchAdd.isPending || watchRemove.isPending,
      watching: watchSet.isPending || watchClear.isPending,
    },
    /** Whether a dialog may open: guests get the toast instead. */
    requireSignIn: signedIn,
    rate,
    removeFavorite,
    addToWatchlist,
    removeFromWatchlist,
    toggleWatching,
  };
}

export type ListActions = ReturnType<typeof useListActions>;
