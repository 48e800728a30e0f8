import { toast } from 'sonner';
import { listMessages as m, type TitleKey } from '@shared/lists';
import * as lists from './api';

export type ListKind = 'favorites' | 'watchlist';

/** The owner's actions on their profile lists: remove one item, clear the list, set a watchlist item as watching. */
export function useOwnerListActions(kind: ListKind) {
  const remove = lists.useListMutation((k: TitleKey) => (kind === 'favorites' ? lists.removeFavorite(k) : lists.removeFromWatchlist(k)));
  const clear = lists.useListMutation(() => (kind === 'favorites' ? lists.clearFavorites() : lists.clearWatchlist()));
  const watch = lists.useListMutation((k: TitleKey) => lists.setWatching(k));
  return {
    async remove(k: TitleKey) {
      try {
        await remove.mutateAsync(k);
        toast.success(kind === 'favorites' ? m.removedFromFavorites : m.removedFromWatchlist);
      } catch {
        toast.error(m.errors.removeItem);
      }
    },
    async clear() {
      try {
        await clear.mutateAsync(undefined);
        toast.success(kind === 'favorites' ? m.favoritesCleared : m.watchlistCleared);
      } catch {
        toast.error(kind === 'favorites' ? m.errors.clearFavorites : m.errors.clearWatchlist);
      }
    },
    async setWatching(k: TitleKey & { title: string }) {
      try {
        await watch.mutateAsync(k);
        toast.success(m.setWatching(k.title));
      } catch {
        toast.error(m.errors.setWatching);
      }
    },
    clearing: clear.isPending,
  };
}
