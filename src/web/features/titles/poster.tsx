import { Film } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/** A lazily loaded poster (2:3) with a drawn fallback when there is none or it fails to load. */
export function Poster({ src, title, className, eager = false }: { src: string | null; title: string; className?: string; eager?: boolean }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <div className={cn('relative aspect-[2/3] overflow-hidden rounded-lg bg-muted', className)}>
      {src && failedSrc !== src ? (
        <img src={src} alt={title} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setFailedSrc(src)} className="size-full object-cover" />
      ) : (
        <div role="img" aria-label={title} className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-muted-foreground">
          <Film className="size-8" aria-hidden />
          <span className="line-clamp-3 text-xs font-medium">{title}</span>
        </div>
      )}
    </div>
  );
}
