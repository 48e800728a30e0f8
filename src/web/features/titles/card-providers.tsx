import type { WatchProvider } from '@shared/catalogue';
import { FallbackImage } from './fallback-image';

/** Up to 5 provider logos under a card (the compact view of spec 001 §2). */
export function CardProviders({ providers }: { providers: WatchProvider[] }) {
  if (!providers.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="Where to watch">
      {providers.slice(0, 5).map((p) => (
        <li key={p.providerId} title={p.providerName}>
          <FallbackImage
            src={p.logoUrl}
            alt={p.providerName}
            width={20}
            height={20}
            loading="lazy"
            className="size-5 rounded object-cover"
            fallback={
              <span role="img" aria-label={p.providerName} className="block rounded bg-muted px-1 text-[10px] leading-5 text-muted-foreground">
                {p.providerName}
              </span>
            }
          />
        </li>
      ))}
    </ul>
  );
}
