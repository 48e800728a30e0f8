import { Bookmark, Eye, Heart } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { TitleActionsProvider, type TitleActions } from '@/components/title-actions-context';
import { retryImport } from '@/lib/retry-import';

// The lists feature's actions load with the first card or details page, not with the landing page.
const CardActions = lazy(() => retryImport(() => import('@/features/lists')).then((m) => ({ default: m.CardActions })));
const DetailsActions = lazy(() => retryImport(() => import('@/features/lists')).then((m) => ({ default: m.DetailsActions })));
const DiscussionsSection = lazy(() => retryImport(() => import('@/features/forums')).then((m) => ({ default: m.DiscussionsSection })));

const actions: TitleActions = {
  card: (title) => (
    <Suspense fallback={null}>
      <CardActions title={title} />
    </Suspense>
  ),
  details: (title) => (
    <Suspense fallback={<DetailsActionsPlaceholder />}>
      <DetailsActions title={title} />
    </Suspense>
  ),
  discussions: (title) => (
    <Suspense fallback={<section id="discussions" aria-label="Discussions" className="min-h-24" />}>
      <DiscussionsSection mediaType={title.mediaType} mediaId={title.id} title={title.title} />
    </Suspense>
  ),
};

/**
 * The details actions' place while their code loads: the buttons as a newcomer first sees them,
 * disabled and hidden from assistive technology, and the favorite count's line, so that the page
 * below does not move when the real ones arrive (Lighthouse counted that shift on the details page).
 * No wrapper: the details row styles its direct children (full-width cells on phones).
 */
function DetailsActionsPlaceholder() {
  const quiet = { disabled: true, 'aria-hidden': true } as const;
  return (
    <>
      <Button {...quiet}>
        <Heart aria-hidden /> Add to Favorites
      </Button>
      <Button variant="outline" {...quiet}>
        <Bookmark aria-hidden /> Add to Watchlist
      </Button>
      <Button variant="outline" {...quiet}>
        <Eye aria-hidden /> Set as Watching
      </Button>
      <p className="order-last col-span-2 h-10" aria-hidden />
    </>
  );
}

/** Gives content cards and the details page their favorite, watchlist, rate and watching actions. */
export function AppTitleActions({ children }: { children: ReactNode }) {
  return <TitleActionsProvider value={actions}>{children}</TitleActionsProvider>;
}
