import { Calendar, Clock, Layers, Play, Sparkles, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatRuntime, type TitleDetails } from '@shared/catalogue';
import { BackButton } from './back-button';
import { FallbackImage } from './fallback-image';
import { Poster } from './poster';
import { TitleActionsSlot } from './title-slots';
import { WatchButton } from './watch-button';

const ACTION_ROW = 'grid grid-cols-2 gap-3 empty:hidden max-sm:*:h-auto max-sm:*:min-h-10 max-sm:*:w-full max-sm:*:py-2 max-sm:*:whitespace-normal sm:flex sm:flex-wrap';

/** Backdrop, poster, title, facts, genres, overview and the title's actions. */
export function DetailsHero({ title, onOpenRelated }: { title: TitleDetails; onOpenRelated: () => void }) {
  const runtime = formatRuntime(title.runtime);
  const seasons = title.mediaType === 'tv' && title.numberOfSeasons ? title.numberOfSeasons : null;
  return (
    <div className="relative">
      <div className="absolute inset-x-0 top-0 h-64 overflow-hidden sm:h-96" aria-hidden>
        <FallbackImage src={title.backdropUrl} alt="" className="size-full object-cover" fallback={<div className="size-full bg-gradient-to-br from-primary/30 to-muted" />} />
        <div className="absolute inset-0 bg-gradient-to-t from-background via-background/70 to-background/10" />
      </div>
      <div className="relative mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-4">
        <BackButton className="self-start" />
        <div className="flex flex-col gap-6 pt-16 sm:flex-row sm:items-end sm:pt-40">
          <Poster src={title.posterUrl} title={title.title} eager className="w-36 shrink-0 shadow-xl ring-1 ring-border sm:w-56" />
          <div className="flex min-w-0 flex-col gap-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title.title}</h1>
            {title.tagline ? <p className="text-muted-foreground italic">{title.tagline}</p> : null}
            <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-label="Facts">
              <li className="flex items-center gap-1 font-semibold">
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
                <span className="sr-only">Rating </span>
                {title.voteAverage.toFixed(1)}
                <span className="sr-only"> out of 10</span>
              </li>
              {title.year ? (
                <li className="flex items-center gap-1">
                  <Calendar className="size-4 text-muted-foreground" aria-hidden /> {title.year}
                </li>
              ) : null}
              {runtime ? (
                <li className="flex items-center gap-1">
                  <Clock className="size-4 text-muted-foreground" aria-hidden />
                  <span className="sr-only">Runtime </span>
                  {runtime}
                </li>
              ) : null}
              {seasons ? (
                <li className="flex items-center gap-1">
                  <Layers className="size-4 text-muted-foreground" aria-hidden /> {seasons === 1 ? '1 Season' : `${seasons} Seasons`}
                </li>
              ) : null}
              {title.certification ? (
                <li>
                  <Badge variant="outline">
                    <span className="sr-only">Rated </span>
                    {title.certification}
                  </Badge>
                </li>
              ) : null}
            </ul>
            {title.genres.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Genres">
                {title.genres.map((g) => (
                  <li key={g}>
                    <Badge variant="secondary">{g}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        {title.overview ? <p className="max-w-3xl leading-7">{title.overview}</p> : <p className="text-muted-foreground">No overview available.</p>}
        {/*
          On phones, two even columns (long labels wrap inside their button); from sm up, wrapping rows.
          The member's list actions (and the favorite count) have a row of their own, so that their
          number, which depends on the member's lists, never moves the buttons after them.
        */}
        <div className={ACTION_ROW}>
          <TitleActionsSlot title={title} />
        </div>
        <div className={ACTION_ROW}>
          <WatchButton title={title.title} />
          <Button asChild variant="outline">
            <a href={title.trailer.url} target="_blank" rel="noopener noreferrer">
              <Play aria-hidden /> Watch Trailer
            </a>
          </Button>
          <Button variant="outline" onClick={onOpenRelated}>
            <Sparkles aria-hidden /> View Related Titles
          </Button>
        </div>
      </div>
    </div>
  );
}
