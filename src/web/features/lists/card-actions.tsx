import { Bookmark, Eye, Heart, MoreVertical, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { TitleSummary } from '@shared/catalogue';
import { ActionDialogs, useActionDialog } from './action-dialogs';
import { useListActions } from './use-list-actions';

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-full bg-background/85 shadow-sm backdrop-blur transition-colors outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring aria-disabled:opacity-50 disabled:opacity-50 [&_svg]:size-4';

function IconButton({ label, pressed, onClick, disabled, children }: { label: string; pressed?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    // Busy is aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page.
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={iconButton}
    >
      {children}
    </button>
  );
}

/** Favorite, watchlist, and (in a menu) rate and watching actions over a content card's poster. */
export function CardActions({ title }: { title: TitleSummary }) {
  const t = { mediaType: title.mediaType, mediaId: title.id, title: title.title };
  const actions = useListActions(t);
  const { dialog, setDialog, open, opener } = useActionDialog(actions);
  return (
    <>
      <IconButton
        label={actions.favorited ? `Remove ${title.title} from favorites` : `Add ${title.title} to favorites`}
        pressed={actions.favorited}
        disabled={actions.busy.favorite}
        onClick={() => open(actions.favorited ? 'remove-favorite' : 'rate')}
      >
        <Heart className={cn(actions.favorited && 'fill-rose-500 text-rose-500')} aria-hidden />
      </IconButton>
      <IconButton
        label={actions.inWatchlist ? `Remove ${title.title} from watchlist` : `Add ${title.title} to watchlist`}
        pressed={actions.inWatchlist}
        disabled={actions.busy.watchlist}
        onClick={() => (actions.inWatchlist ? open('remove-watchlist') : void actions.addToWatchlist())}
      >
        <Bookmark className={cn(actions.inWatchlist && 'fill-primary text-primary')} aria-hidden />
      </IconButton>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className={iconButton} aria-label={`More actions for ${title.title}`}>
          <MoreVertical aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {actions.favorited ? (
            <DropdownMenuItem onSelect={() => open('rate')}>
              <Star aria-hidden /> Update Rating ({actions.rating}/5)
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => open('rate')}>
              <Star aria-hidden /> Rate
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void actions.toggleWatching()}>
            <Eye aria-hidden /> {actions.watching ? 'Unset as Watching' : 'Set as Watching'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ActionDialogs title={t} actions={actions} dialog={dialog} setDialog={setDialog} opener={opener} />
    </>
  );
}
