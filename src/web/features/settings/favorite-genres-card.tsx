import { Check, Heart } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { FAVORITE_GENRE_NAMES } from '@shared/settings';
import { useSaveFavoriteGenres } from './api';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((g) => b.includes(g));

/** Favorite genres from the genre table (movie and TV genres merged by name). */
export function FavoriteGenresCard({ userId, saved }: { userId: string; saved: string[] }) {
  const [picked, setPicked] = useState<string[]>(saved);
  const save = useSaveFavoriteGenres(userId);
  const toggle = (genre: string) => setPicked((list) => (list.includes(genre) ? list.filter((g) => g !== genre) : [...list, genre]));

  const submit = () =>
    save.mutate(picked, {
      onSuccess: () => toast.success('Your favorite genres have been updated.'),
      onError: () => toast.error('Error', { description: 'Could not save your favorite genres.' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Heart className="size-5 text-rose-500" aria-hidden /> Favorite Genres
        </CardTitle>
        <CardDescription>Pick the genres you love; they help us find your matches.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div role="group" aria-label="Favorite genres" className="flex flex-wrap gap-2">
          {FAVORITE_GENRE_NAMES.map((genre) => {
            const on = picked.includes(genre);
            return (
              <button
                key={genre}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(genre)}
                className={cn(
                  'inline-flex h-8 items-center gap-1 rounded-full border px-3 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/60',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
              >
                {on ? <Check className="size-3.5" aria-hidden /> : null}
                {genre}
              </button>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {picked.length ? `${picked.length} selected` : 'None selected'}
          </p>
          <Button type="button" onClick={submit} disabled={save.isPending || sameSet(picked, saved)}>
            {save.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
            Save Genres
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
