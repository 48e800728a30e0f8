import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import { genresFor, type MediaType } from '@shared/catalogue';
import { type AdvancedFilters, activeFilterCount, DEFAULT_ADVANCED, switchAdvancedType, TMDB_RATING_OPTIONS, toggleId } from './advanced-filters';
import { CertificationSelect } from './certification-select';
import { GenreChips } from './genre-chips';
import { ProviderPicker } from './provider-picker';
import { YearRange } from './year-range';

const TYPE_OPTIONS = [
  { value: 'movie', label: 'Movies' },
  { value: 'tv', label: 'TV Shows' },
] as const satisfies readonly { value: MediaType; label: string }[];

function Group({ title, htmlFor, children }: { title: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      {htmlFor ? <Label htmlFor={htmlFor}>{title}</Label> : <h3 className="text-sm font-medium">{title}</h3>}
      {children}
    </div>
  );
}

/** Type, genres, years, streaming services, certification and TMDB rating; every change goes to the URL. */
export function AdvancedFilterPanel({ filters, setFilters }: { filters: AdvancedFilters; setFilters: (change: (f: AdvancedFilters) => AdvancedFilters) => void }) {
  const count = activeFilterCount(filters);
  return (
    <Card className="flex flex-col gap-6 p-4 sm:p-5" role="search" aria-label="Filters">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Filters</h2>
        <Button variant="ghost" size="sm" disabled={count === 0} onClick={() => setFilters((f) => ({ ...DEFAULT_ADVANCED, type: f.type }))}>
          <RotateCcw aria-hidden /> Reset{count ? ` (${count})` : ''}
        </Button>
      </div>
      <Group title="Type">
        <SegmentedControl
          label="Type"
          value={filters.type}
          options={TYPE_OPTIONS}
          onValueChange={(type) => setFilters((f) => switchAdvancedType(f, type))}
          className="w-full [&>*]:flex-1"
        />
      </Group>
      <Group title="Genres">
        <GenreChips genres={genresFor(filters.type)} selected={filters.genres} onToggle={(id) => setFilters((f) => ({ ...f, genres: toggleId(f.genres, id) }))} />
      </Group>
      <Group title="Release years">
        <YearRange min={filters.yearMin} max={filters.yearMax} onChange={(yearMin, yearMax) => setFilters((f) => ({ ...f, yearMin, yearMax }))} />
      </Group>
      <Group title="Streaming services">
        <ProviderPicker type={filters.type} selected={filters.watchProviders} onToggle={(id) => setFilters((f) => ({ ...f, watchProviders: toggleId(f.watchProviders, id) }))} />
      </Group>
      <Group title="Content rating" htmlFor="adv-certification">
        <CertificationSelect
          id="adv-certification"
          type={filters.type}
          value={filters.certification}
          anyLabel="Any rating"
          onChange={(certification) => setFilters((f) => ({ ...f, certification }))}
        />
      </Group>
      <Group title="TMDB rating" htmlFor="adv-tmdb-rating">
        <Select
          id="adv-tmdb-rating"
          value={filters.tmdbRating ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, tmdbRating: e.target.value ? Number(e.target.value) : null }))}
          aria-describedby="adv-tmdb-rating-hint"
        >
          <option value="">Any</option>
          {TMDB_RATING_OPTIONS.map((r) => (
            <option key={r} value={r}>
              {`${r.toFixed(1)}+`}
            </option>
          ))}
        </Select>
        <p id="adv-tmdb-rating-hint" className="text-xs text-muted-foreground">
          Counts titles with at least 50 votes.
        </p>
      </Group>
    </Card>
  );
}
