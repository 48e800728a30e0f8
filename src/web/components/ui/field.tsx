import type { ReactNode } from 'react';
import { Label } from './label';

/** A labelled form field with its hint or error below, wired for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: ReactNode; error?: string | null; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
