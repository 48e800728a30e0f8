import { Crown, Lock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { UpgradeDialog } from '@/components/marketing/upgrade-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * For users without Premium the page stays visible but blurred, inert and hidden from assistive
 * technology, behind a 'Premium Feature' card that opens the upgrade dialog.
 */
export function PremiumGate({ allowed, feature, description, children }: { allowed: boolean; feature: string; description: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (allowed) return <>{children}</>;
  return (
    <div className="relative">
      <div aria-hidden inert className="pointer-events-none max-h-[80vh] overflow-hidden blur-sm select-none">
        {children}
      </div>
      <div className="absolute inset-0 flex items-start justify-center bg-background/40 px-4 pt-16 sm:pt-24">
        <Card role="region" aria-labelledby="premium-gate-title" className="flex w-full max-w-md flex-col items-center gap-4 p-6 text-center shadow-xl sm:p-8">
          <span className="flex size-12 items-center justify-center rounded-full bg-amber-400/20 text-amber-500">
            <Lock className="size-6" aria-hidden />
          </span>
          <h2 id="premium-gate-title" className="text-xl font-bold">
            Premium Feature
          </h2>
          <p className="text-muted-foreground">{description}</p>
          <Button variant="premium" size="lg" onClick={() => setOpen(true)}>
            <Crown aria-hidden /> View Premium Plans
          </Button>
        </Card>
      </div>
      <UpgradeDialog open={open} onOpenChange={setOpen} description={`${feature} and every other Premium feature.`} />
    </div>
  );
}
