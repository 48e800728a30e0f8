import { useState } from 'react';
import { cn } from '@/lib/utils';
import { GENRE_CHIP_LIMIT } from '@shared/lists';

/** Genre filter chips: 12 shown, then '+N more' / 'Show less', and 'Clear all' when any is selected. */
export function GenreFilter({ genres, selected, onChange }: { genres: readonly string[]; selected: readonly string[]; onChange: (next: string[]) => void }) {
  const [expanded, setExpanded] = useState(false);
  if (!genres.length) return null;
  const visible = expanded ? genres : genres.filter((g, i) => i < GENRE_CHIP_LIMIT || selected.includes(g));
  const hidden = genres.length - visible.length;
  const toggle = (g: string) => onChange(selected.includes(g) ? selected.filter((s) => s !== g) : [...selected, g]);
  const chip = 'h-8 rounded-full px-3 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/60';
  return (
    <div role="group" aria-label="Filter by genre" className="flex flex-wrap gap-2">
      {visible.map((g) => (
        <button
          key={g}
          type="button"
          aria-pressed={selected.includes(g)}
          onClick={() => toggle(g)}
          className={cn(chip, 'border', selected.includes(g) ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent')}
        >
          {g}
        </button>
      ))}
      {hidden > 0 || expanded ? (
        <button type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} className={cn(chip, 'font-medium text-primary hover:underline')}>
          {expanded ? 'Show less' : `+${hidden} more`}
        </button>
      ) : null}
      {selected.length ? (
        <button type="button" onClick={() => onChange([])} className={cn(chip, 'text-muted-foreground hover:text-foreground hover:underline')}>
          Clear all
        </button>
      ) : null}
    </div>
  );
}
