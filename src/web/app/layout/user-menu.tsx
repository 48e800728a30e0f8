import { LogOut, Settings, User } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { SessionUser } from '@shared/session';

export default function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  // A picture that fails to load (removed, offline) falls back to the initial, as when none is set.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const showImage = !!user.avatarUrl && user.avatarUrl !== brokenUrl;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label="User menu" className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary">
          {showImage ? (
            <img src={user.avatarUrl!} alt="" className="size-full object-cover" onError={() => setBrokenUrl(user.avatarUrl)} />
          ) : (
            (user.fullName || user.username || 'User').charAt(0).toUpperCase()
          )}
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
