import { Construction } from 'lucide-react';

/** Placeholder for a page whose feature has not been built yet. Says so plainly. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Construction className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{what} This page is not built yet; it arrives in a coming release.</p>
    </div>
  );
}
