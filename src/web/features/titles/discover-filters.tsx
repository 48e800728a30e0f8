import { FilterX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { genresFor } from '@shared/catalogue';
import { CertificationSelect } from './certification-select';
import { DidYouMean } from './did-you-mean';
import { clearFilters, type DiscoverState, hasFilters } from './discover-params';
import { GenreChips } from './genre-chips';
import { TitleSearchInput } from './title-search-input';

/** Search box with "Did you mean", the rating filter, Clear Filters and the genre chips of /discover. */
export function DiscoverFilters({
  state,
  update,
  text,
  changeText,
}: {
  state: DiscoverState;
  update: (change: (s: DiscoverState) => DiscoverState) => void;
  text: string;
  changeText: (value: string) => void;
}) {
  const active = hasFilters(state) || !!text.trim();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TitleSearchInput value={text} onChange={changeText} className="sm:flex-1" />
        <div className="flex items-end gap-3">
          <div className="flex flex-1 flex-col gap-1.5 sm:w-44 sm:flex-none">
            <Label htmlFor="discover-rating">Rating</Label>
            <CertificationSelect id="discover-rating" type={state.type} value={state.rating} onChange={(rating) => update((s) => ({ ...s, rating }))} />
          </div>
          <Button variant="outline" onClick={() => update(clearFilters)} disabled={!active}>
            <FilterX aria-hidden /> Clear Filters
          </Button>
        </div>
      </div>
      <DidYouMean query={state.q} onPick={(q) => update((s) => ({ ...s, q }))} />
      <GenreChips
        genres={genresFor(state.type)}
        selected={state.genre === null ? [] : [state.genre]}
        onToggle={(id) => update((s) => ({ ...s, genre: s.genre === id ? null : id }))}
      />
    </div>
  );
}
