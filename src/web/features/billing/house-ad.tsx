import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '@/features/auth/session';

/**
 * The house ad (ruling 14): Premium promoted to signed-in users without Premium, on Discover,
 * details and search. No third-party script. Its box is the same height before and after the
 * session loads (nothing is drawn until it is known), so the page never shifts.
 */
export function HouseAd({ className = '' }: { className?: string }) {
  const { session } = useSession();
  const show = !!session?.access && !session.access.isPremium;
  if (!show) return null;
  return (
    <aside aria-label="Advertisement" data-testid="house-ad" className={`mx-auto my-4 h-24 w-full max-w-7xl px-4 ${className}`}>
      <div className="flex h-full items-center justify-between gap-4 overflow-hidden rounded-lg border bg-gradient-to-r from-amber-50 to-rose-50 px-4 dark:from-amber-950/40 dark:to-rose-950/40">
        <div className="min-w-0">
          <p className="text-[10px] font-semibold tracking-wide text-muted-foreground uppercase">Ad</p>
          <p className="flex items-center gap-1.5 truncate font-semibold">
            <Crown className="size-4 shrink-0 text-amber-500" aria-hidden /> Go Premium: unlimited matches, no ads
          </p>
          <p className="truncate text-sm text-muted-foreground">Try it free for 7 days. No card needed.</p>
        </div>
        <Link to="/pricing" className="shrink-0 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90">
          See plans
        </Link>
      </div>
    </aside>
  );
}
