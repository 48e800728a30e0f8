import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { ProfilePage } from '@/features/profiles/profile-page';
import NotFoundPage from '../not-found-page';

// What a username can look like (spec 000 §5); anything else is no profile, so no request is made.
const USERNAME_SHAPE = /^[A-Za-z_][A-Za-z0-9_]{2,49}$/;

// The lists, 'Currently Watching' card, 'Shared Favorites' button and the chat modal are wired
// here as ProfilePage slots when their features arrive.

/** /profile/{userId} (protected). */
export function ProfileByIdRoute() {
  const { userId = '' } = useParams();
  return <ProfilePage key={userId} target={{ id: userId }} />;
}

/** /{username}: the public share link. */
export function ProfileByUsernameRoute() {
  const { username = '' } = useParams();
  if (!USERNAME_SHAPE.test(username)) return <NotFoundPage />;
  return <ProfilePage key={username} target={{ username }} />;
}

/** /profile sends a signed-in user to their own /profile/{id}. */
export function OwnProfileRedirect() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSpinner />;
  return user ? <Navigate to={`/profile/${user.id}`} replace /> : <Navigate to="/auth" replace />;
}
