import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { CurrentlyWatchingCard, ProfileListsSection, SharedFavoritesButton } from '@/features/lists';
import { api, ApiError } from '@/lib/api';
import type { OwnProfile, PublicProfile } from '@shared/profiles';

/**
 * TEMPORARY profile page: mounts the lists feature's parts on /profile/:userId until the profile page
 * (header, follow, share, report) arrives; the lead merges the two.
 */
export function ProfilePage() {
  const { userId } = useParams();
  const { user } = useSession();
  const profile = useQuery({
    queryKey: ['profile-page', userId],
    queryFn: ({ signal }) => api<PublicProfile | OwnProfile>(`/api/profiles/${encodeURIComponent(userId!)}`, { signal }),
    enabled: !!userId,
  });
  if (!userId) return user ? <Navigate to={`/profile/${user.id}`} replace /> : <PageSpinner />;
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return <p className="mx-auto max-w-xl px-4 py-24 text-center text-muted-foreground">{notFound ? 'Profile not found' : 'Failed to load profile. Please try again.'}</p>;
  }
  const p = profile.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 pb-24 md:pb-12">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{p.fullName || p.username || 'User'}</h1>
          <p className="text-muted-foreground">@{p.username}</p>
        </div>
        <SharedFavoritesButton userId={p.id} />
      </header>
      <CurrentlyWatchingCard profile={p} />
      <ProfileListsSection profile={p} />
    </div>
  );
}
