import { Star } from 'lucide-react';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useTitleActions } from '@/components/title-actions-context';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { TitleSummary, WatchProvider } from '@shared/catalogue';
import { CardProviders } from './card-providers';
import { Poster } from './poster';
import { RelatedToggle } from './related-toggle';
import { detailsPath } from './title-list';

/** Cards show at most two genres (spec 001 §2). */
const CARD_GENRES = 2;

/**
 * A title in a grid: poster, certification, up to 2 genres, title, year and rating, linking to its details.
 * `actions` holds the favorite, watchlist, rate and watching buttons; by default those the app provides
 * (components/title-actions-context). It sits outside the link so its buttons stay separate tab stops.
 */
export function TitleCard({
  title,
  actions,
  providers,
  onNavigate,
  related = true,
  className,
}: {
  title: TitleSummary;
  /** Streaming services, when known (the offline catalogue has none). */
  providers?: WatchProvider[];
  actions?: ReactNode;
  /** Called on a plain click before the link navigates; call event.preventDefault() to navigate yourself. */
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The Related Titles toggle; off for cards inside the related-titles modal itself. */
  related?: boolean;
  className?: string;
}) {
  const provided = useTitleActions();
  const actionSlot = actions === undefined ? provided.card?.(title) : actions;
  const certId = useId();
  const metaId = useId();
  const genres = title.genres.slice(0, CARD_GENRES);
  // The link holds the title only, so its name is what it shows (WCAG 2.5.3); its ::after covers the
  // card, so the whole card still opens the details. The rest describes it.
  return (
    <article className={cn('group relative flex flex-col', className)}>
      <div className="relative">
        <Poster src={title.posterUrl} title={title.title} className="shadow-sm transition-transform duration-200 group-hover:scale-[1.02]" />
        {title.certification ? (
          <Badge id={certId} variant="secondary" className="absolute top-2 left-2 bg-background/85 backdrop-blur">
            <span className="sr-only">Rated </span>
            {title.certification}
          </Badge>
        ) : null}
      </div>
      <div className="mt-2 flex flex-1 flex-col gap-1 px-0.5">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold group-hover:text-primary">
          <Link
            to={detailsPath(title)}
            onClick={onNavigate}
            aria-describedby={title.certification ? `${certId} ${metaId}` : metaId}
            className="outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-offset-2 focus-visible:after:ring-offset-background"
          >
            {title.title}
          </Link>
        </h3>
        <p id={metaId} className="flex items-center gap-2 text-xs text-muted-foreground">
          <span>{title.year ?? 'TBA'}</span>
          <span className="inline-flex items-center gap-0.5">
            <Star className="size-3 fill-amber-400 text-amber-400" aria-hidden />
            <span className="sr-only">Score </span>
            {title.voteAverage.toFixed(1)}
          </span>
          <span className="sr-only">{title.mediaType === 'tv' ? 'TV show' : 'Movie'}</span>
        </p>
        {genres.length ? (
          <ul className="flex flex-wrap gap-1" aria-label="Genres">
            {genres.map((g) => (
              <li key={g} className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground">
                {g}
              </li>
            ))}
          </ul>
        ) : null}
        {providers?.length ? <CardProviders providers={providers} /> : null}
      </div>
      {/* Positioned, so above the link's cover. */}
      {related ? <RelatedToggle title={title} className="relative z-10" /> : null}
      {actionSlot ? <div className="absolute top-2 right-2 z-10 flex flex-col gap-1">{actionSlot}</div> : null}
    </article>
  );
}
