import { Check, Crown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { startCheckout } from '@/lib/checkout';
import { BILLING_TEXT } from '@shared/billing-text';
import { formatUsd, PREMIUM_FEATURES, PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD, TRIAL_DAYS } from '@shared/pricing';
import { type BillingInterval, IntervalToggle } from './pricing-cards';

/** The Upgrade modal: plan toggle, what Premium adds, a way to the plans and a way out. */
export function UpgradeDialog({
  open,
  onOpenChange,
  title = 'Upgrade to Premium',
  description = 'Unlock every Premium feature of Reelmates.',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description?: string;
}) {
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const [pending, setPending] = useState(false);
  // The modal's button starts checkout for the chosen plan (issue 16), like the pricing page's.
  const upgrade = async () => {
    setPending(true);
    try {
      await startCheckout(interval);
    } catch {
      setPending(false);
      toast.error(BILLING_TEXT.paymentFailed);
    }
  };
  const price = interval === 'monthly' ? PREMIUM_MONTHLY_USD : PREMIUM_YEARLY_USD;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Crown className="size-5 text-amber-500" aria-hidden /> {title}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3">
          <IntervalToggle value={interval} onChange={setBillingInterval} />
          <p className="text-3xl font-bold" aria-live="polite">
            {formatUsd(price)}
            <span className="text-base font-normal text-muted-foreground"> /{interval === 'monthly' ? 'month' : 'year'}</span>
          </p>
          <p className="text-sm text-muted-foreground">Start with a {TRIAL_DAYS}-day free trial.</p>
        </div>
        <ul className="space-y-2 text-sm" aria-label="Premium features">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button variant="premium" disabled={pending} onClick={upgrade}>
            <Crown aria-hidden /> {pending ? 'Opening checkout…' : 'Upgrade Now'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
