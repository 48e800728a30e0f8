import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRuntime } from '@shared/catalogue';
import { useSeason } from './api';
import { FallbackImage } from './fallback-image';

/** The episodes of one season; mounted (and so fetched) only when the season is opened. */
export function SeasonEpisodes({ titleId, seasonNumber }: { titleId: number; seasonNumber: number }) {
  const season = useSeason(titleId, seasonNumber);
  if (season.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading episodes...
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (season.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4">
        <p className="font-medium text-foreground">Could not load episodes for this season.</p>
        <p className="text-xs">{season.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void season.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  const { episodes, overview } = season.data;
  return (
    <div className="flex flex-col gap-3">
      {overview ? <p>{overview}</p> : null}
      {episodes.length ? (
        <ol className="flex flex-col divide-y rounded-lg border" aria-label={`Episodes of season ${seasonNumber}`}>
          {episodes.map((e) => {
            const runtime = formatRuntime(e.runtime);
            return (
              <li key={e.episodeNumber} className="flex gap-3 p-3">
                <FallbackImage src={e.stillUrl} alt="" loading="lazy" className="hidden aspect-video w-32 shrink-0 rounded-md object-cover sm:block" fallback={null} />
                <div className="min-w-0">
                  <p className="font-medium text-foreground">
                    <span className="text-muted-foreground">{e.episodeNumber}. </span>
                    {e.name}
                  </p>
                  <p className="text-xs">{[e.airDate, runtime].filter(Boolean).join(' · ')}</p>
                  {e.overview ? <p className="mt-1 line-clamp-3 text-sm">{e.overview}</p> : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p>No episodes listed for this season.</p>
      )}
    </div>
  );
}
