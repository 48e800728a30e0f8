import type { ReactNode } from 'react';

/** A titled block of search results with its count. */
export function SearchSection({ id, title, count, children }: { id: string; title: string; count?: number | string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {count !== undefined ? <span className="text-sm whitespace-nowrap text-muted-foreground">{count === 1 ? '1 result' : `${count} results`}</span> : null}
      </div>
      {children}
    </section>
  );
}
