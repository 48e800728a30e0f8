import { Check } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { MediaType } from '@shared/catalogue';
import { useProviders } from './api';
import { FallbackImage } from './fallback-image';

/** The streaming-service picker shows 10 providers, then '+N more' (spec 001 §2). */
const PROVIDERS_SHOWN = 10;

export function ProviderPicker({ type, selected, onToggle }: { type: MediaType; selected: readonly number[]; onToggle: (id: number) => void }) {
  const providers = useProviders(type);
  const [expanded, setExpanded] = useState(false);
  if (providers.isPending) return <Skeleton className="h-16 w-full" />;
  if (providers.isError) return <p className="text-sm text-muted-foreground">Streaming services could not be loaded.</p>;
  const list = providers.data;
  if (!list.length) return <p className="text-sm text-muted-foreground">No streaming data in the demo catalogue.</p>;
  const visible = expanded ? list : list.filter((p, i) => i < PROVIDERS_SHOWN || selected.includes(p.providerId));
  const hidden = list.length - visible.length;
  return (
    <div role="group" aria-label="Streaming services" className="flex flex-wrap gap-2">
      {visible.map((p) => {
        const on = selected.includes(p.providerId);
        return (
          <button
            key={p.providerId}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(p.providerId)}
            className={cn(
              'flex h-9 items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/60',
              on ? 'border-primary bg-primary/10' : 'hover:bg-accent',
              !p.logoUrl && 'pl-3',
            )}
          >
            <FallbackImage src={p.logoUrl} alt="" loading="lazy" className="size-7 rounded-full object-cover" fallback={null} />
            <span className="max-w-32 truncate">{p.providerName}</span>
            {on ? <Check className="size-4 text-primary" aria-hidden /> : null}
          </button>
        );
      })}
      {hidden > 0 || expanded ? (
        <button type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} className="h-9 px-2 text-sm font-medium text-primary hover:underline">
          {expanded ? 'Show less' : `+${hidden} more`}
        </button>
      ) : null}
    </div>
  );
}
