import { useSession } from '@/features/auth/session';
import { AdvancedFilterPanel } from './advanced-filter-panel';
import { AdvancedResults } from './advanced-results';
import { PremiumGate } from './premium-gate';
import { useAdvancedFilters } from './use-advanced-filters';

/** /advanced-discover (premium): the filter panel beside the results; every filter lives in the URL. */
export default function AdvancedDiscoverPage() {
  const { session } = useSession();
  const [filters, setFilters] = useAdvancedFilters();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 pb-24 md:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Advanced Discovery</h1>
        <p className="mt-1 text-muted-foreground">Filter movies and TV shows by genre, release year, streaming service and rating.</p>
      </header>
      <PremiumGate
        allowed={!!session?.access?.isPremium}
        feature="Advanced Discovery"
        description="Advanced Discovery is available with Premium. Upgrade to filter titles by genre, release year, streaming service and rating."
      >
        <div className="grid gap-6 lg:grid-cols-[300px_minmax(0,1fr)] lg:items-start">
          <div className="lg:sticky lg:top-20">
            <AdvancedFilterPanel filters={filters} setFilters={setFilters} />
          </div>
          <AdvancedResults filters={filters} premium={!!session?.access?.isPremium} />
        </div>
      </PremiumGate>
    </div>
  );
}
