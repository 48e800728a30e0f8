import { lazy, type ReactNode, Suspense } from 'react';
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
    <Suspense fallback={null}>
      <DetailsActions title={title} />
    </Suspense>
  ),
  discussions: (title) => (
    <Suspense fallback={<section id="discussions" aria-label="Discussions" className="min-h-24" />}>
      <DiscussionsSection mediaType={title.mediaType} mediaId={title.id} title={title.title} />
    </Suspense>
  ),
};

/** Gives content cards and the details page their favorite, watchlist, rate and watching actions. */
export function AppTitleActions({ children }: { children: ReactNode }) {
  return <TitleActionsProvider value={actions}>{children}</TitleActionsProvider>;
}
