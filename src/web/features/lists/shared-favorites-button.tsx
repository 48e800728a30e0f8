import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useSession } from '@/features/auth/session';
import type { MediaType } from '@shared/catalogue';
import { sharedFavoritesQuery } from './api';
import { ListPoster } from './list-poster';

/** On another user's profile, when signed in and shared favorites exist: opens the Shared Favorites dialog (Movies, TV Shows). */
export function SharedFavoritesButton({ userId }: { userId: string }) {
  const { user } = useSession();
  const enabled = !!user && user.id !== userId;
  const shared = useQuery({ ...sharedFavoritesQuery(userId), enabled });
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MediaType>('movie');
  const items = shared.data ?? [];
  if (!enabled || !items.length) return null;
  const shown = items.filter((i) => i.mediaType === tab);
  const n = (t: MediaType) => items.filter((i) => i.mediaType === t).length;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Heart aria-hidden /> Shared Favorites ({items.length})
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Shared Favorites</DialogTitle>
            <DialogDescription>Titles you both love.</DialogDescription>
          </DialogHeader>
          <SegmentedControl
            label="Type"
            value={tab}
            onValueChange={setTab}
            options={[
              { value: 'movie', label: `Movies (${n('movie')})` },
              { value: 'tv', label: `TV Shows (${n('tv')})` },
            ]}
          />
          {shown.length ? (
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
              {shown.map((i) => (
                <li key={`${i.mediaType}:${i.mediaId}`}>
                  <Link
                    to={`/details/${i.mediaType}/${i.mediaId}`}
                    onClick={() => setOpen(false)}
                    className="group flex flex-col gap-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <ListPoster src={i.posterPath} title={i.title} />
                    <span className="line-clamp-2 text-xs font-medium group-hover:text-primary">{i.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="py-6 text-center text-sm text-muted-foreground">{tab === 'movie' ? 'No shared movies.' : 'No shared TV shows.'}</p>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
