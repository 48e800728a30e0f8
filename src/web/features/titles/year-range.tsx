import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { MAX_YEAR, MIN_YEAR } from './advanced-filters';

const YEARS = Array.from({ length: MAX_YEAR - MIN_YEAR + 1 }, (_, i) => MAX_YEAR - i);

/** From/To year selects; each offers only years that keep the range valid. */
export function YearRange({ min, max, onChange }: { min: number | null; max: number | null; onChange: (min: number | null, max: number | null) => void }) {
  const select = (id: string, label: string, value: number | null, years: number[], set: (v: number | null) => void) => (
    <div className="flex flex-1 flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select id={id} value={value ?? ''} onChange={(e) => set(e.target.value ? Number(e.target.value) : null)}>
        <option value="">Any</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <div className="flex gap-3">
      {select('adv-year-min', 'From year', min, max === null ? YEARS : YEARS.filter((y) => y <= max), (v) => onChange(v, max))}
      {select('adv-year-max', 'To year', max, min === null ? YEARS : YEARS.filter((y) => y >= min), (v) => onChange(min, v))}
    </div>
  );
}
