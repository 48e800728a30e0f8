import { Heart, Plus, UserPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

function Action({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex flex-col items-center justify-center gap-1 rounded-lg border bg-background px-2 py-2.5 text-center text-xs font-medium sm:flex-row sm:gap-2 sm:px-3 sm:text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
    >
      {icon}
      {label}
    </Link>
  );
}

/** Quick Actions (spec 001 §2): Add Content (search for titles to favorite), Edit Profile, View Matches. */
export function QuickActions({ className }: { className?: string }) {
  return (
    <Card className={cn('min-w-0', className)} data-testid="quick-actions">
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-3 gap-2">
        <Action to="/search" icon={<Plus className="size-4" aria-hidden />} label="Add Content" />
        <Action to="/settings" icon={<UserPen className="size-4" aria-hidden />} label="Edit Profile" />
        <Action to="/matches" icon={<Heart className="size-4" aria-hidden />} label="View Matches" />
      </CardContent>
    </Card>
  );
}
