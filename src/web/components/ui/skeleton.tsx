import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A pulsing placeholder block; size it with classes. Hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden data-slot="skeleton" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
