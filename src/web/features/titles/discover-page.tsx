import type { ReactNode } from 'react';
import { HouseAd } from '@/features/billing';
import { DiscoverGrid } from './discover-grid';

/**
 * /discover. The app puts the dashboard (greeting, counts, activity, people) above the grid; the two
 * load independently (the page's h1 stays 'Discover' for screen readers). Without one, a heading stands in. The layout shows back-to-top after 400 px.
 */
export default function DiscoverPage({ dashboard }: { dashboard?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 pb-24 md:py-8">
      {dashboard ? (
        <>
          <h1 className="sr-only">Discover</h1>
          {dashboard}
        </>
      ) : (
        <header>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Discover</h1>
          <p className="mt-1 text-muted-foreground">Find your next favorite movie or TV show.</p>
        </header>
      )}
      {/* Ruling 14: the house ad, for signed-in users without Premium. */}
      <HouseAd className="my-0 px-0" />
      <DiscoverGrid />
    </div>
  );
}
