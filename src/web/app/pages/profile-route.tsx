import { MessageCircle } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { ProfileForumsTab } from '@/features/forums';
import { CurrentlyWatchingCard, ProfileListsSection, SharedFavoritesButton } from '@/features/lists';
import { ChatDialog } from '@/features/messages/chat-dialog';
import { ProfilePage, type ProfileSlot } from '@/features/profiles/profile-page';
import NotFoundPage from '../not-found-page';

// What a username can look like (spec 000 §5); anything else is no profile, so no request is made.
const USERNAME_SHAPE = /^[A-Za-z_][A-Za-z0-9_]{2,49}$/;

/* The profile page composes four features: profiles (header, follow, share, report), lists (tabs,
   currently watching, shared favorites) and messages (the chat modal behind Message). */
// The Forums tab: one's own activity; others see 'Forum participation is private', admins see it (spec 000 §2, ruling 9).
const listsSection: ProfileSlot = (p) => <ProfileListsSection profile={p} extraTabs={[{ value: 'forums', label: 'Forums', content: <ProfileForumsTab userId={p.id} /> }]} />;
const currentlyWatching: ProfileSlot = (p) => <CurrentlyWatchingCard profile={p} />;
const sharedFavorites: ProfileSlot = (p) => <SharedFavoritesButton userId={p.id} />;
const messageAction: ProfileSlot = (p) => (
  <ChatDialog
    user={p}
    trigger={
      <Button variant="outline">
        <MessageCircle aria-hidden /> Message
      </Button>
    }
  />
);

function ComposedProfilePage({ target }: { target: { id: string } | { username: string } }) {
  return <ProfilePage target={target} listsSection={listsSection} currentlyWatching={currentlyWatching} sharedFavorites={sharedFavorites} messageAction={messageAction} />;
}

/** /profile/{userId} (protected). */
export function ProfileByIdRoute() {
  const { userId = '' } = useParams();
  return <ComposedProfilePage key={userId} target={{ id: userId }} />;
}

/** /{username}: the public share link. */
export function ProfileByUsernameRoute() {
  const { username = '' } = useParams();
  if (!USERNAME_SHAPE.test(username)) return <NotFoundPage />;
  return <ComposedProfilePage key={username} target={{ username }} />;
}

/** /profile sends a signed-in user to their own /profile/{id}. */
export function OwnProfileRedirect() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return user ? <Navigate to={`/profile/${user.id}`} replace /> : <Navigate to="/auth" replace />;
}
