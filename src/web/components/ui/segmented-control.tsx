import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * One-of-many switch (a radio group of buttons): arrow keys move between options, Space/Enter picks.
 * The current option cannot be un-picked. `variant="chips"` renders separate rounded chips.
 */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  label,
  variant = 'tabs',
  className,
}: {
  value: T;
  onValueChange: (value: T) => void;
  options: readonly SegmentedOption<T>[];
  label: string;
  variant?: 'tabs' | 'chips';
  className?: string;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(v) => {
        if (v) onValueChange(v as T);
      }}
      aria-label={label}
      className={cn(variant === 'tabs' ? 'inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1' : 'flex flex-wrap gap-2', className)}
    >
      {options.map((o) => (
        <ToggleGroup.Item
          key={o.value}
          value={o.value}
          className={cn(
            'inline-flex shrink-0 items-center justify-center gap-1.5 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/60 [&_svg]:size-4',
            variant === 'tabs'
              ? 'rounded-md px-3 py-1.5 text-muted-foreground hover:text-foreground data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm'
              : 'h-9 rounded-full border px-4 hover:bg-accent data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
          )}
        >
          {o.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
