import { Eye, X } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { OwnProfile, PublicProfile } from '@shared/profiles';
import { listMessages as m } from '@shared/lists';
import { clearWatching, useListMutation, useMyLists } from './api';
import { ListPoster } from './list-poster';

/**
 * The profile's 'Currently Watching' card: poster, title and 'Set on' date, with a remove button
 * for the owner only. The owner's card follows their own list state, so it changes at once.
 */
export function CurrentlyWatchingCard({ profile }: { profile: PublicProfile | OwnProfile }) {
  const mine = useMyLists();
  const clear = useListMutation(() => clearWatching());
  const watching = profile.isOwn && mine.data ? mine.data.currentlyWatching : profile.currentlyWatching;
  if (!watching || !profile.visible.currentlyWatching) return null;

  const remove = async () => {
    try {
      await clear.mutateAsync(undefined);
      toast.success(m.clearedWatching);
    } catch {
      toast.error(m.errors.updateStatus);
    }
  };
  return (
    <Card role="region" className="flex items-center gap-3 p-3" aria-label="Currently Watching">
      <Link to={`/details/${watching.mediaType}/${watching.mediaId}`} className="shrink-0" tabIndex={-1} aria-hidden>
        <ListPoster src={watching.posterPath} title={watching.title} className="w-14" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-primary uppercase">
          <Eye className="size-3.5" aria-hidden /> Currently Watching
        </p>
        <Link to={`/details/${watching.mediaType}/${watching.mediaId}`} className="truncate font-semibold hover:text-primary">
          {watching.title}
        </Link>
        <p className="text-xs text-muted-foreground">Set on {new Date(watching.setAt).toLocaleDateString()}</p>
      </div>
      {profile.isOwn ? (
        <Button variant="ghost" size="icon" onClick={() => void remove()} disabled={clear.isPending} aria-label="Remove currently watching">
          <X aria-hidden />
        </Button>
      ) : null}
    </Card>
  );
}
