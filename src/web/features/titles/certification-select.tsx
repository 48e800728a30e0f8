import { Select } from '@/components/ui/select';
import { MOVIE_CERTIFICATIONS, TV_CERTIFICATIONS } from '@shared/catalogue';
import type { ContentType } from './discover-params';

/** The US certification filter; with both movies and TV shown, both rating scales appear in groups. */
export function CertificationSelect({
  id,
  type,
  value,
  onChange,
  anyLabel = 'All ratings',
  className,
}: {
  id: string;
  type: ContentType;
  value: string | null;
  onChange: (value: string | null) => void;
  anyLabel?: string;
  className?: string;
}) {
  const options = (list: readonly string[]) =>
    list.map((c) => (
      <option key={c} value={c}>
        {c}
      </option>
    ));
  return (
    <Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} className={className}>
      <option value="">{anyLabel}</option>
      {type === 'all' ? (
        <>
          <optgroup label="Movies">{options(MOVIE_CERTIFICATIONS)}</optgroup>
          <optgroup label="TV Shows">{options(TV_CERTIFICATIONS)}</optgroup>
        </>
      ) : (
        options(type === 'movie' ? MOVIE_CERTIFICATIONS : TV_CERTIFICATIONS)
      )}
    </Select>
  );
}
