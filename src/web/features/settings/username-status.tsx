import { Check, X } from 'lucide-react';
import type { UsernameCheck } from '@/lib/use-username-check';

/** The live availability line under the username field (spec 000 §5 wording). */
export function UsernameStatus({ check }: { check: UsernameCheck }) {
  switch (check.state) {
    case 'checking':
      return <span aria-live="polite">Checking availability...</span>;
    case 'available':
      return (
        <span aria-live="polite" className="inline-flex items-center gap-1 text-emerald-600 dark:text-emerald-400">
          <Check className="size-4" aria-hidden /> Username is available!
        </span>
      );
    case 'taken':
      return (
        <span aria-live="polite" className="inline-flex items-center gap-1 text-destructive">
          <X className="size-4" aria-hidden /> Username is already taken
        </span>
      );
    case 'invalid':
      return (
        <span aria-live="polite" className="text-destructive">
          {check.message}
        </span>
      );
    default:
      return <span>Letters, numbers and underscores; saved in lowercase.</span>;
  }
}
