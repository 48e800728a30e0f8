import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A titled section of the details page. */
export function DetailsSection({ id, title, children, className, action }: { id: string; title: string; children: ReactNode; className?: string; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-4', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
