import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/features/auth/session';
import { ApiError } from '@/lib/api';
import { retryImport } from '@/lib/retry-import';
import { type ProfileTarget, type ProfileView, useProfile } from './api';
import type { FollowTab } from './follow-lists-dialog';
import { type ProfileDialog, ProfileActions } from './profile-actions';
import { ProfileHeader } from './profile-header';
import { ProfileLoadError, ProfileNotFound, ProfileSkeleton } from './profile-states';

const ProfileDialogs = lazy(() => retryImport(() => import('./profile-dialogs')));

/** A part another feature supplies: a node, or a function of the loaded profile. */
export type ProfileSlot = ReactNode | ((profile: ProfileView) => ReactNode);
const fill = (slot: ProfileSlot, profile: ProfileView) => (typeof slot === 'function' ? slot(profile) : slot);

/**
 * The profile page (spec 000 §2) of /profile/{id} and /{username}. The list tabs, the 'Currently
 * Watching' card, the 'Shared Favorites' button and the Message action come from other features
 * through the slots; without them the page shows the header, its actions and its modals.
 */
export function ProfilePage({
  target,
  listsSection,
  currentlyWatching,
  sharedFavorites,
  messageAction,
}: {
  target: ProfileTarget;
  listsSection?: ProfileSlot;
  currentlyWatching?: ProfileSlot;
  sharedFavorites?: ProfileSlot;
  messageAction?: ProfileSlot;
}) {
  const profile = useProfile(target);
  const { user, isPending: sessionPending } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialogState] = useState<ProfileDialog | 'lists' | null>(null);
  // The dialogs' code loads when one is first opened; they stay mounted afterwards (closing animates).
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const setDialog = (which: ProfileDialog | 'lists' | null) => {
    if (which) setDialogsWanted(true);
    setDialogState(which);
  };
  const [tab, setTab] = useState<FollowTab>('followers');

  if (profile.isPending || sessionPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <ProfileNotFound />;
    return <ProfileLoadError onRetry={() => profile.refetch()} />;
  }
  const p = profile.data;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const openLists = (which: FollowTab) => {
    // Guests who try are sent to sign in (spec 000 §2).
    if (!user) return navigate('/auth');
    setTab(which);
    setDialog('lists');
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <ProfileHeader
        profile={p}
        onOpenLists={openLists}
        actions={
          <ProfileActions
            profile={p}
            target={target}
            signedIn={!!user}
            onOpen={setDialog}
            messageAction={messageAction ? fill(messageAction, p) : undefined}
            sharedFavorites={sharedFavorites ? fill(sharedFavorites, p) : undefined}
          />
        }
      />
      {currentlyWatching ? fill(currentlyWatching, p) : null}
      {listsSection ? fill(listsSection, p) : null}

      {dialogsWanted ? (
        <Suspense fallback={null}>
          <ProfileDialogs profile={p} dialog={dialog} close={close} signedIn={!!user} tab={tab} onTabChange={setTab} />
        </Suspense>
      ) : null}
    </div>
  );
}
