import { Bell, Crown, MessageCircle, Search } from 'lucide-react';
import { lazy, type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { probablySignedIn, useSession } from '@/features/auth/session';
import { useSignOut } from '@/features/auth/api';
import { UserSearchBox } from '@/features/profiles/user-search-box';
import { retryImport } from '@/lib/retry-import';
import { cn } from '@/lib/utils';
import { AVATAR_BUTTON_CLASS, AvatarFace } from './avatar-face';
import { FocusCarry } from './focus-carry';

// The menu (Radix + floating-ui) loads only for signed-in users, keeping the landing page light.
const UserMenu = lazy(() => retryImport(() => import('./user-menu')));
// The badges (and the message and notification code behind them) load only for signed-in users too.
const MessagesLink = lazy(() => import('@/features/messages/messages-link').then((m) => ({ default: m.MessagesLink })));
const NotificationsBell = lazy(() => import('@/features/notifications/notifications-bell').then((m) => ({ default: m.NotificationsBell })));

/**
 * While their code loads (right after signing in or verifying, on a slow line) the icons and the avatar
 * show as they will look, without the unread badges: never a blank header.
 */
const iconLink = (to: string, label: string, icon: ReactNode) => (
  <Button asChild variant="ghost" size="icon" aria-label={label}>
    <Link to={to}>{icon}</Link>
  </Button>
);
const messagesStandIn = iconLink('/messages', 'Messages', <MessageCircle aria-hidden />);
const bellStandIn = iconLink('/notifications', 'Notifications', <Bell aria-hidden />);

const navClass = ({ isActive }: { isActive: boolean }) => cn('rounded-md px-3 py-2 text-sm font-medium', isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground');

export function Header() {
  const { session, isPending } = useSession();
  const signOut = useSignOut();
  // A click on the avatar before the menu's code has arrived opens the menu when it does.
  const [menuAsked, setMenuAsked] = useState(false);
  const user = session?.user;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Logo />
        {user ? (
          <nav aria-label="Primary" className="ml-2 hidden items-center md:flex">
            <NavLink to="/discover" className={navClass}>
              Discover
            </NavLink>
            <NavLink to="/matches" className={navClass}>
              Matches
            </NavLink>
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {isPending ? null : user ? (
            <>
              {/* Spec 000 §2: the user search box is the visitors'; signed-in users search from the icon (/search). */}
              {session.access?.isPremium ? (
                <Button asChild variant="outline" size="sm" className="hidden sm:inline-flex">
                  <Link to="/pricing">
                    <Crown className="text-amber-500" aria-hidden /> Premium
                  </Link>
                </Button>
              ) : (
                <Button asChild variant="premium" size="sm" className="hidden sm:inline-flex">
                  <Link to="/pricing">
                    <Crown aria-hidden /> Upgrade
                  </Link>
                </Button>
              )}
              <Button asChild variant="ghost" size="icon" aria-label="Search">
                <Link to="/search">
                  <Search aria-hidden />
                </Link>
              </Button>
              <FocusCarry fallback={messagesStandIn}>
                <MessagesLink />
              </FocusCarry>
              <FocusCarry fallback={bellStandIn}>
                <NotificationsBell />
              </FocusCarry>
              <FocusCarry
                fallback={
                  <button type="button" aria-label="User menu" aria-haspopup="menu" className={AVATAR_BUTTON_CLASS} onClick={() => setMenuAsked(true)}>
                    <AvatarFace user={user} />
                  </button>
                }
              >
                <UserMenu user={user} openAtOnce={menuAsked} onSignOut={() => signOut.mutate()} />
              </FocusCarry>
            </>
          ) : (
            <>
              <UserSearchBox className="hidden w-56 sm:block lg:w-72" />
              <Button asChild variant="ghost" size="sm">
                <Link to="/auth">Log In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/auth" state={{ from: 'signup' }}>
                  Sign Up
                </Link>
              </Button>
            </>
          )}
        </div>
      </div>
      {/* While the session is asked, the row is drawn when this browser was last a visitor's, so it does not push the page down when the answer comes. */}
      {(isPending ? !probablySignedIn() : !user) ? (
        <div className="px-4 pb-3 sm:hidden">
          <UserSearchBox />
        </div>
      ) : null}
    </header>
  );
}
