import { Bookmark, BookmarkCheck, Eye, EyeOff, Heart, HeartOff, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { TitleDetails } from '@shared/catalogue';
import { ActionDialogs, useActionDialog } from './action-dialogs';
import { FavoriteCount } from './favorite-count';
import { useListActions } from './use-list-actions';

/**
 * While a change is saved its button is marked busy (aria-disabled, clicks ignored) rather than
 * disabled: a disabled button drops the keyboard focus to the page, and with it the user's place.
 */
const busyProps = (busy: boolean, onClick: () => void) => ({
  'aria-disabled': busy || undefined,
  className: 'aria-disabled:opacity-50',
  onClick: () => {
    if (!busy) onClick();
  },
});

/** The details page's Add/Remove Favorites, Update Rating, Add/Remove Watchlist and Set/Unset as Watching, with the favorited-by count. */
export function DetailsActions({ title }: { title: TitleDetails }) {
  const t = { mediaType: title.mediaType, mediaId: title.id, title: title.title };
  const actions = useListActions(t);
  const { dialog, setDialog, open, opener } = useActionDialog(actions);
  return (
    <>
      {actions.favorited ? (
        <Button variant="secondary" {...busyProps(actions.busy.favorite, () => open('remove-favorite'))}>
          <HeartOff aria-hidden /> Remove from Favorites
        </Button>
      ) : (
        <Button {...busyProps(actions.busy.favorite, () => open('rate'))}>
          <Heart aria-hidden /> Add to Favorites
        </Button>
      )}
      {actions.favorited ? (
        <Button variant="outline" onClick={() => open('rate')}>
          <Star className="fill-amber-400 text-amber-400" aria-hidden /> Update Rating
          <span className="text-muted-foreground">({actions.rating}/5)</span>
        </Button>
      ) : null}
      {actions.inWatchlist ? (
        <Button variant="secondary" {...busyProps(actions.busy.watchlist, () => open('remove-watchlist'))}>
          <BookmarkCheck aria-hidden /> Remove from Watchlist
        </Button>
      ) : (
        <Button variant="outline" {...busyProps(actions.busy.watchlist, () => void actions.addToWatchlist())}>
          <Bookmark aria-hidden /> Add to Watchlist
        </Button>
      )}
      <Button variant={actions.watching ? 'secondary' : 'outline'} aria-pressed={actions.watching} {...busyProps(actions.busy.watching, () => void actions.toggleWatching())}>
        {actions.watching ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        {actions.watching ? 'Unset as Watching' : 'Set as Watching'}
      </Button>
      <FavoriteCount type={title.mediaType} id={title.id} />
      <ActionDialogs title={t} actions={actions} dialog={dialog} setDialog={setDialog} opener={opener} />
    </>
  );
}
