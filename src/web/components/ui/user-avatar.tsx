import { UserX } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A round avatar with an initial-letter fallback; `deleted` shows a neutral icon. */
export function UserAvatar({ name, src, deleted = false, className }: { name: string; src?: string | null; deleted?: boolean; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary',
        deleted && 'bg-muted text-muted-foreground',
        className,
      )}
    >
      {deleted ? <UserX className="size-1/2" /> : src ? <img src={src} alt="" className="size-full object-cover" /> : (name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}
