import { useState } from 'react';
import { cn } from '@/lib/utils';
import type { Genre } from '@shared/catalogue';

/** 12 genre chips, then '+N more' (spec 001 §9). */
export const GENRE_CHIPS_SHOWN = 12;

/** Toggle chips for genres; `selected` may hold one id (Discover) or many (Advanced Discovery). */
export function GenreChips({
  genres,
  selected,
  onToggle,
  label = 'Genres',
  className,
}: {
  genres: readonly Genre[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  label?: string;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  // A selected genre beyond the first 12 stays visible while collapsed.
  const visible = expanded ? genres : genres.filter((g, i) => i < GENRE_CHIPS_SHOWN || selected.includes(g.id));
  const hidden = genres.length - visible.length;
  return (
    <div role="group" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {visible.map((g) => {
        const on = selected.includes(g.id);
        return (
          <button
            key={g.id}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(g.id)}
            className={cn(
              'h-8 rounded-full border px-3 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/60',
              on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
            )}
          >
            {g.name}
          </button>
        );
      })}
      {hidden > 0 || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          className="h-8 rounded-full px-3 text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
        >
          {expanded ? 'Show less' : `+${hidden} more`}
        </button>
      ) : null}
    </div>
  );
}
