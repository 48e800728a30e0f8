import { LogOut, Settings, User } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { SessionUser } from '@shared/session';

export default function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label="User menu" className="relative flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary">
          {(user.fullName || user.username || 'User').charAt(0).toUpperCase()}
          {/* The picture covers the initial; one that fails to load (removed, offline) hides and shows it. */}
          {user.avatarUrl ? <img src={user.avatarUrl} alt="" className="absolute inset-0 size-full object-cover" onError={(e) => (e.currentTarget.hidden = true)} /> : null}
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
