import { Heart } from 'lucide-react';
import type { MediaType } from '@shared/catalogue';
import { useFavoriteCount } from './api';

/** 'Favorited by N users' next to the details actions; refetched after every list change (and on the realtime event). */
export function FavoriteCount({ type, id }: { type: MediaType; id: number }) {
  const count = useFavoriteCount(type, id);
  if (count.isError) return null;
  // Its line is kept while the count loads (a row of its own on phones), so nothing below moves when it arrives.
  if (count.data === undefined) return <p className="order-last col-span-2 h-10" aria-hidden />;
  const n = count.data;
  return (
    <p className="order-last col-span-2 inline-flex h-10 items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite" data-testid="favorite-count">
      <Heart className="size-4 fill-rose-500 text-rose-500" aria-hidden />
      Favorited by {n.toLocaleString()} {n === 1 ? 'user' : 'users'}
    </p>
  );
}
