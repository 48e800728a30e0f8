import type { Company } from '@shared/catalogue';
import { DetailsSection } from './details-section';
import { FallbackImage } from './fallback-image';

/** Production companies: those with a logo first, then 'Other Companies' as a plain list. */
export function CompaniesSection({ companies }: { companies: Company[] }) {
  if (!companies.length) return null;
  const withLogo = companies.filter((c) => c.logoUrl);
  const others = companies.filter((c) => !c.logoUrl);
  return (
    <DetailsSection id="details-companies" title="Production Companies">
      {withLogo.length ? (
        <ul className="flex flex-wrap items-center gap-4">
          {withLogo.map((c) => (
            <li key={c.id} className="flex h-16 w-32 items-center justify-center rounded-lg border bg-white p-2" title={c.name}>
              <FallbackImage
                src={c.logoUrl}
                alt={c.name}
                loading="lazy"
                className="max-h-full max-w-full object-contain"
                fallback={<span className="line-clamp-2 text-center text-sm font-medium text-neutral-700">{c.name}</span>}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {others.length ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">Other Companies</h3>
          <ul className="list-inside list-disc text-sm leading-7">
            {others.map((c) => (
              <li key={c.id}>{c.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </DetailsSection>
  );
}
