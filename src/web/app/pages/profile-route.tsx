import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { LazyPart } from '@/components/lazy-part';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import type { ChatDialogUser } from '@/features/messages/chat-dialog';
import { ProfilePage, type ProfileSlot } from '@/features/profiles/profile-page';
import { retryImport } from '@/lib/retry-import';
import NotFoundPage from '../not-found-page';

// Parts a profile draws after its header (the lists, ./profile-lists.tsx) or only on a click (the
// chat) load then, not with the page: on a phone the header, the largest paint, waits for less (ADR 076).
const loadLists = () => retryImport(() => import('./profile-lists'));
const ProfileLists = lazy(loadLists);
const SharedFavorites = lazy(() => loadLists().then((m) => ({ default: m.SharedFavorites })));
const ChatDialog = lazy(() => retryImport(() => import('@/features/messages/chat-dialog')).then((m) => ({ default: m.ChatDialog })));

/** Where the list tabs will be, while their code loads: the tab row and four cards. */
function ListsPlaceholder() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-9 w-72 max-w-full rounded-lg" />
      <div className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-32 rounded-lg" />
        ))}
      </div>
    </div>
  );
}

// What a username can look like (spec 000 §5); anything else is no profile, so no request is made.
const USERNAME_SHAPE = /^[A-Za-z_][A-Za-z0-9_]{2,49}$/;

/* The profile page composes four features: profiles (header, follow, share, report), lists (tabs,
   currently watching, shared favorites) and messages (the chat modal behind Message). */
// The Forums tab (in ./profile-lists.tsx): one's own activity; others see 'Forum participation is private', admins see it (spec 000 §2, ruling 9).
const listsSection: ProfileSlot = (p) => (
  <LazyPart fallback={<ListsPlaceholder />}>
    <ProfileLists profile={p} />
  </LazyPart>
);
const sharedFavorites: ProfileSlot = (p) => (
  <LazyPart fallback={null}>
    <SharedFavorites userId={p.id} />
  </LazyPart>
);
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
  return <ProfilePage target={target} listsSection={listsSection} sharedFavorites={sharedFavorites} messageAction={messageAction} />;
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
