import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A Suspense boundary for a part of a page whose code loads on its own (React.lazy). Where the server
 * drew the page (ADR 094), the part is its fallback there and while the browser takes the page over,
 * and loads after: the server's markup then holds nothing the browser cannot take over at once. (A
 * part drawn by the server whose code had not yet arrived would stay the server's inert markup after
 * the page was ready, and a click on it would be lost.) Pages drawn by the browser alone load it at once.
 */
export function LazyPart({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
