import { Ban, Flag, Link2, MessageCircle, MoreHorizontal, Settings, Share2, UserPlus } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BoostButton } from '@/components/boost/boost';
import { useBlockToggle } from '@/components/safety/api';
import type { SafetyTarget } from '@/components/safety/safety-menu';
import { LazyPart } from '@/components/lazy-part';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/session';
import { retryImport } from '@/lib/retry-import';
import type { ProfileTarget, ProfileView } from './api';
import { FollowButton } from './follow-button';

export type ProfileDialog = 'share' | 'social-links' | 'report';

// The More menu (mute, block) brings a dropdown menu and a confirmation dialog, about 25 KB: its code
// loads after the header has painted, behind a disabled button of the same look (ADR 076).
const LazySafetyMenu = lazy(() => retryImport(() => import('@/components/safety/safety-menu')).then((m) => ({ default: m.SafetyMenu })));
function SafetyMenu({ target }: { target: SafetyTarget }) {
  return (
    <LazyPart
      fallback={
        <Button variant="ghost" size="icon" disabled aria-label={`More actions for ${target.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      }
    >
      <LazySafetyMenu target={target} />
    </LazyPart>
  );
}

/**
 * The buttons under the header: own profile, another user's (signed in: with a More menu to mute or
 * block them, issue 20), or a guest's view.
 */
export function ProfileActions({
  profile,
  target,
  signedIn,
  onOpen,
  messageAction,
  sharedFavorites,
}: {
  profile: ProfileView;
  target: ProfileTarget;
  signedIn: boolean;
  onOpen: (dialog: ProfileDialog) => void;
  messageAction?: ReactNode;
  sharedFavorites?: ReactNode;
}) {
  const { session } = useSession();
  const share = (
    <Button variant="outline" onClick={() => onOpen('share')}>
      <Share2 aria-hidden /> Share
    </Button>
  );
  if (profile.isOwn) {
    return (
      <>
        {session?.access?.isPremium ? <BoostButton label="Boost Profile" /> : null}
        <Button variant="outline" onClick={() => onOpen('social-links')}>
          <Link2 aria-hidden /> Edit Social Links
        </Button>
        {share}
        <Button asChild variant="outline">
          <Link to="/settings">
            <Settings aria-hidden /> Edit Profile
          </Link>
        </Button>
      </>
    );
  }
  if (!signedIn) {
    return (
      <>
        <Button asChild>
          <Link to="/auth">
            <UserPlus aria-hidden /> Sign in to Follow
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/auth">
            <MessageCircle aria-hidden /> Sign in to Message
          </Link>
        </Button>
        {share}
      </>
    );
  }
  const safety = { id: profile.id, name: `@${profile.username}`, blocked: profile.viewerBlocks, muted: profile.viewerMutes };
  if (profile.viewerBlocks) {
    // Blocked by me: nothing to follow or message until I unblock (issue 20).
    return (
      <>
        <UnblockButton userId={profile.id} name={safety.name} />
        {share}
        <SafetyMenu target={safety} />
      </>
    );
  }
  return (
    <>
      <FollowButton profile={profile} target={target} />
      {messageAction ?? (
        <Button asChild variant="outline">
          <Link to={`/messages?${new URLSearchParams({ conversation_with: profile.id })}`}>
            <MessageCircle aria-hidden /> Message
          </Link>
        </Button>
      )}
      {sharedFavorites}
      {share}
      <Button variant="ghost" className="text-muted-foreground hover:text-destructive" onClick={() => onOpen('report')}>
        <Flag aria-hidden /> Report
      </Button>
      <SafetyMenu target={safety} />
    </>
  );
}

function UnblockButton({ userId, name }: { userId: string; name: string }) {
  const unblock = useBlockToggle();
  return (
    <Button variant="outline" disabled={unblock.isPending} onClick={() => unblock.mutate({ userId, block: false, name })}>
      <Ban aria-hidden /> Unblock
    </Button>
  );
}
