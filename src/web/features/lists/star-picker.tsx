import { Star } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { RATING_MAX } from '@shared/lists';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** 1 to 5 stars as a radio group: click or arrow keys pick, hovering previews. */
export function StarPicker({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const [hover, setHover] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;
  // A roving tab stop: the arrows pick and move focus with the pick, as in any radio group.
  const onKeyDown = (e: KeyboardEvent) => {
    let next: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = Math.min(RATING_MAX, value + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = Math.max(1, value - 1);
    else return;
    e.preventDefault();
    onChange(next);
    buttons.current[next - 1]?.focus();
  };
  return (
    <div role="radiogroup" aria-label="Your rating" className="flex justify-center gap-1" onMouseLeave={() => setHover(0)} onKeyDown={onKeyDown}>
      {STARS.map((n) => (
        <button
          key={n}
          ref={(el) => {
            buttons.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
          tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
          onClick={() => onChange(n)}
          onMouseEnter={() => setHover(n)}
          className="rounded-md p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
        >
          <Star className={cn('size-9 transition-colors', n <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')} aria-hidden />
        </button>
      ))}
    </div>
  );
}
