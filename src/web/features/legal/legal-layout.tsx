import type { ReactNode } from 'react';

export const LEGAL_LAST_UPDATED = 'June 14, 2025';

/** The frame of every legal page: title, last-updated line, readable column of sections. */
export function LegalLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
      {intro ? <div className="mt-6 text-base leading-7 text-muted-foreground">{intro}</div> : null}
      <div className="mt-8 space-y-8">{children}</div>
    </article>
  );
}

export function LegalSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-foreground/90 [&_a]:text-primary [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">{children}</div>
    </section>
  );
}
