import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { BILLING_TEXT } from '@shared/billing';

/** Every screen of the offline checkout says it is not a real payment (decisions: offline defaults). */
export function TestModeBanner({ children }: { children?: React.ReactNode }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-center gap-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <Badge variant="outline" className="border-amber-500 font-semibold">
        <FlaskConical className="size-3.5" aria-hidden /> {BILLING_TEXT.testMode}
      </Badge>
      <span>{children ?? 'No real money moves. Use the test card 4242 4242 4242 4242.'}</span>
    </div>
  );
}
