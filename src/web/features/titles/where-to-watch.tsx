import { MonitorPlay } from 'lucide-react';
import type { WatchProvider, WatchProviders } from '@shared/catalogue';
import { DetailsSection } from './details-section';
import { FallbackImage } from './fallback-image';
import { providerUrl } from './provider-links';

const KINDS = [
  { key: 'flatrate', label: 'Stream' },
  { key: 'rent', label: 'Rent' },
  { key: 'buy', label: 'Buy' },
] as const;

function ProviderLink({ provider, link, title }: { provider: WatchProvider; link: string | null; title: string }) {
  return (
    <a
      href={providerUrl(provider.providerName, link, title)}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-2 rounded-lg border bg-card py-1.5 pr-3 pl-1.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <FallbackImage
        src={provider.logoUrl}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        className="size-8 rounded-md object-cover"
        fallback={<MonitorPlay className="size-8 p-1.5 text-muted-foreground" aria-hidden />}
      />
      {provider.providerName}
    </a>
  );
}

/** US streaming, rental and purchase options, each linking to the service. */
export function WhereToWatch({ providers, title }: { providers: WatchProviders; title: string }) {
  const groups = KINDS.map((k) => ({ ...k, list: providers[k.key] })).filter((g) => g.list.length > 0);
  return (
    <DetailsSection id="details-where-to-watch" title="Where to Watch">
      {groups.length ? (
        <div className="flex flex-col gap-4">
          {groups.map((g) => (
            <div key={g.key} className="flex flex-col gap-2">
              <h3 className="text-sm font-medium text-muted-foreground">{g.label}</h3>
              <ul className="flex flex-wrap gap-2">
                {g.list.map((p) => (
                  <li key={p.providerId}>
                    <ProviderLink provider={p} link={providers.link} title={title} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {providers.link ? (
            <a href={providers.link} target="_blank" rel="noopener noreferrer" className="self-start text-sm text-primary underline-offset-4 hover:underline">
              See all options
            </a>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Not available to stream, rent or buy in the US right now.</p>
      )}
    </DetailsSection>
  );
}
