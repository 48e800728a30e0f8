import { cn } from '@/lib/utils';

/** The name a profile is shown by: full name, else username, else 'User' (spec 000 §2). */
export function displayName(p: { fullName: string | null; username: string | null }) {
  return p.fullName?.trim() || p.username || 'User';
}

/** A round avatar with the initial-letter fallback. */
export function ProfileAvatar({ user, className }: { user: { fullName: string | null; username: string | null; avatarUrl: string | null }; className?: string }) {
  return (
    <span className={cn('flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary', className)}>
      {user.avatarUrl ? <img src={user.avatarUrl} alt="" className="size-full object-cover" /> : displayName(user).charAt(0).toUpperCase()}
    </span>
  );
}
