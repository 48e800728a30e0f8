import { Eye, Star, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { type FavoriteItem, ITEM_GENRE_LIMIT, type ListItem, releaseYear } from '@shared/lists';
import { ListPoster } from './list-poster';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={i < rating ? 'size-3.5 fill-amber-400 text-amber-400' : 'size-3.5 text-muted-foreground/40'} aria-hidden />
      ))}
    </span>
  );
}

/** One title of a profile list: poster, title, year, the owner's stars, up to 2 genres plus '+N'; owner-only actions. */
export function ListItemCard({ item, onRemove, onSetWatching }: { item: ListItem | FavoriteItem; onRemove?: () => void; onSetWatching?: () => void }) {
  const year = releaseYear(item.releaseDate);
  const extra = item.genres.length - ITEM_GENRE_LIMIT;
  return (
    <li className="flex gap-3 rounded-lg border bg-card p-2.5">
      <Link to={`/details/${item.mediaType}/${item.mediaId}`} className="shrink-0 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring" tabIndex={-1} aria-hidden>
        <ListPoster src={item.posterPath} title={item.title} className="w-16 sm:w-20" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/details/${item.mediaType}/${item.mediaId}`}
          className="line-clamp-2 leading-snug font-semibold hover:text-primary focus-visible:underline focus-visible:outline-none"
        >
          {item.title}
        </Link>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>{year ?? 'TBA'}</span>
          <span>{item.mediaType === 'tv' ? 'TV Show' : 'Movie'}</span>
          {'rating' in item ? <Stars rating={item.rating} /> : null}
        </p>
        {item.genres.length ? (
          <ul className="flex flex-wrap gap-1" aria-label="Genres">
            {item.genres.slice(0, ITEM_GENRE_LIMIT).map((g) => (
              <li key={g} className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground">
                {g}
              </li>
            ))}
            {extra > 0 ? <li className="rounded-full px-1 py-0.5 text-[11px] text-muted-foreground">+{extra}</li> : null}
          </ul>
        ) : null}
        {onRemove || onSetWatching ? (
          <div className="mt-auto flex flex-wrap gap-1 pt-1">
            {onSetWatching ? (
              <Button size="sm" variant="outline" onClick={onSetWatching}>
                <Eye aria-hidden /> Set as watching
              </Button>
            ) : null}
            {onRemove ? (
              <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${item.title}`} className="text-muted-foreground hover:text-destructive">
                <Trash2 aria-hidden /> Remove
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
