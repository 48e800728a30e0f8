import { ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { type ParentalGuideItem, type Severity } from '@shared/catalogue';
import { severityFor } from '@shared/parental-guide';
import { DetailsSection } from './details-section';

const SEVERITY_STYLE: Record<Severity, string> = {
  mild: 'border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  moderate: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-300',
  severe: 'border-transparent bg-red-500/15 text-red-700 dark:text-red-300',
};
const label = (s: Severity) => s.charAt(0).toUpperCase() + s.slice(1);

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <Badge variant="outline" className={cn(SEVERITY_STYLE[severity])}>
      {label(severity)}
    </Badge>
  );
}

/** Severity from the US certification, and the warning categories with what they mean. */
export function ParentalGuideSection({ certification, items }: { certification: string | null; items: ParentalGuideItem[] }) {
  const overall = severityFor(certification);
  return (
    <DetailsSection id="details-parental-guide" title="Parental Guide">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <ShieldAlert className="size-4 text-muted-foreground" aria-hidden />
        {certification ? (
          <>
            <span>Rated {certification}</span>
            {overall ? (
              <>
                <span aria-hidden>·</span> <span className="sr-only">Overall severity:</span> <SeverityBadge severity={overall} />
              </>
            ) : null}
          </>
        ) : (
          <span className="text-muted-foreground">Not rated in the US.</span>
        )}
      </div>
      {items.length ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.category} className="rounded-lg border bg-card p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-medium">{item.category}</h3>
                <SeverityBadge severity={item.severity} />
              </div>
              <p className="mt-2 text-sm text-muted-foreground">{item.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No content warnings are listed for this title.</p>
      )}
    </DetailsSection>
  );
}
