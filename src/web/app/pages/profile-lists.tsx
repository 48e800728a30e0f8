import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
// Through the lists feature's index, as the details page takes it: one shared chunk, not a split of it.
import { CurrentlyWatchingCard, ProfileListsSection, SharedFavoritesButton } from '@/features/lists';
import type { ProfileView } from '@/features/profiles/api';
import { retryImport } from '@/lib/retry-import';

/*
 * The profile's parts from the lists feature ('Currently Watching', the list tabs, 'Shared Favorites'),
 * a chunk loaded after the profile's header has painted (ADR 076): on a phone, the header (the
 * page's largest paint) no longer waits for the lists' code. The Forums tab loads when opened.
 */
const ProfileForumsTab = lazy(() => retryImport(() => import('@/features/forums')).then((m) => ({ default: m.ProfileForumsTab })));

export default function ProfileLists({ profile }: { profile: ProfileView }) {
  const forums = (
    <Suspense fallback={<Spinner className="mx-auto my-8" />}>
      <ProfileForumsTab userId={profile.id} />
    </Suspense>
  );
  return (
    <>
      <CurrentlyWatchingCard profile={profile} />
      <ProfileListsSection profile={profile} extraTabs={[{ value: 'forums', label: 'Forums', content: forums }]} />
    </>
  );
}

export function SharedFavorites({ userId }: { userId: string }) {
  return <SharedFavoritesButton userId={userId} />;
}
