import { Compass, Heart, Search, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

const TABS = [
  { to: '/discover', label: 'Discover', icon: Compass },
  { to: '/search', label: 'Search', icon: Search },
  { to: '/matches', label: 'Matches', icon: Heart },
  { to: '/profile', label: 'Profile', icon: User },
];

/** Signed-in users on screens under 768 px get a tab bar; the layout decides when to render it. */
export function BottomTabs() {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 backdrop-blur md:hidden">
      <ul className="grid grid-cols-4">
        {TABS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => cn('flex flex-col items-center gap-0.5 py-2 text-xs', isActive ? 'text-primary' : 'text-muted-foreground')}>
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
