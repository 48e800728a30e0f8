import { Film } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/** A 2:3 poster with a drawn fallback when there is none or it fails to load. */
export function ListPoster({ src, title, className }: { src: string | null; title: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={cn('relative aspect-[2/3] shrink-0 overflow-hidden rounded-md bg-muted', className)}>
      {src && failed !== src ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground" aria-hidden>
          <Film className="size-6" />
        </div>
      )}
      <span className="sr-only">Poster of {title}</span>
    </div>
  );
}
