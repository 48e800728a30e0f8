import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
// The lists feature's profile parts by file, not through its index: the index also holds the
// details page's actions (upgrade dialog, checkout), which a profile does not draw (ADR 076).
import { CurrentlyWatchingCard } from '@/features/lists/currently-watching-card';
import { ProfileListsSection } from '@/features/lists/profile-lists-section';
import { SharedFavoritesButton } from '@/features/lists/shared-favorites-button';
import type { ChatDialogUser } from '@/features/messages/chat-dialog';
import { ProfilePage, type ProfileSlot } from '@/features/profiles/profile-page';
import { retryImport } from '@/lib/retry-import';
import NotFoundPage from '../not-found-page';

// Parts a profile shows only on a click (the Forums tab, the chat) load then, not with the page.
const ProfileForumsTab = lazy(() => retryImport(() => import('@/features/forums')).then((m) => ({ default: m.ProfileForumsTab })));
const ChatDialog = lazy(() => retryImport(() => import('@/features/messages/chat-dialog')).then((m) => ({ default: m.ChatDialog })));

// What a username can look like (spec 000 §5); anything else is no profile, so no request is made.
const USERNAME_SHAPE = /^[A-Za-z_][A-Za-z0-9_]{2,49}$/;

/* The profile page composes four features: profiles (header, follow, share, report), lists (tabs,
   currently watching, shared favorites) and messages (the chat modal behind Message). */
// The Forums tab: one's own activity; others see 'Forum participation is private', admins see it (spec 000 §2, ruling 9).
const forumsTab = (userId: string) => (
  <Suspense fallback={<Spinner className="mx-auto my-8" />}>
    <ProfileForumsTab userId={userId} />
  </Suspense>
);
const listsSection: ProfileSlot = (p) => <ProfileListsSection profile={p} extraTabs={[{ value: 'forums', label: 'Forums', content: forumsTab(p.id) }]} />;
const currentlyWatching: ProfileSlot = (p) => <CurrentlyWatchingCard profile={p} />;
const sharedFavorites: ProfileSlot = (p) => <SharedFavoritesButton userId={p.id} />;
const messageAction: ProfileSlot = (p) => <MessageButton user={p} />;

/** Message: opens the chat with this user in a dialog, whose code loads on the first click. */
function MessageButton({ user }: { user: ChatDialogUser }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // The dialog has no trigger of its own to give focus back to: the button takes it.
    if (!next) requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MessageCircle aria-hidden /> Message
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ChatDialog user={user} open={open} onOpenChange={onOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}

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
