import { LogOut, Settings, User } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { SessionUser } from '@shared/session';
import { AVATAR_BUTTON_CLASS, AvatarFace } from './avatar-face';

/** `openAtOnce`: the avatar was clicked while this code was still loading, so the menu opens as it arrives. */
export default function UserMenu({ user, onSignOut, openAtOnce = false }: { user: SessionUser; onSignOut: () => void; openAtOnce?: boolean }) {
  return (
    <DropdownMenu defaultOpen={openAtOnce} modal={false}>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label="User menu" className={AVATAR_BUTTON_CLASS}>
          <AvatarFace user={user} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate">@{user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden /> My Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
