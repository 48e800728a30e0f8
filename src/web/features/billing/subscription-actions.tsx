import { Crown, ExternalLink, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { startCheckout } from '@/lib/checkout';
import type { Plan } from '@shared/billing';
import { BILLING_TEXT } from '@shared/billing-text';
import { TRIAL_DAYS } from '@shared/pricing';
import { useOpenPortal, useStartTrial } from './api';

/** 'Get 7-Day Free Trial': starts at once, no card (ruling 7). */
export function TrialButton({ className, variant }: { className?: string; variant?: 'default' | 'outline' | 'premium' }) {
  const trial = useStartTrial();
  return (
    <Button
      className={className}
      variant={variant}
      disabled={trial.isPending}
      onClick={() =>
        trial.mutate(undefined, {
          onSuccess: () => toast.success('Your free trial has started!', { description: `Enjoy every Premium feature for ${TRIAL_DAYS} days.` }),
          onError: (e) => toast.error('Could not start the trial', { description: e.message }),
        })
      }
    >
      <Sparkles aria-hidden /> Get {TRIAL_DAYS}-Day Free Trial
    </Button>
  );
}

/** Starts checkout for a plan and leaves for the checkout page; failures say so (spec 000 §8). */
export function CheckoutButton({
  plan,
  className,
  children,
  variant,
}: {
  plan: Plan;
  className?: string;
  children?: React.ReactNode;
  variant?: 'default' | 'outline' | 'premium';
}) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      className={className}
      variant={variant}
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await startCheckout(plan);
        } catch {
          setPending(false);
          toast.error(BILLING_TEXT.paymentFailed);
        }
      }}
    >
      <Crown aria-hidden /> {pending ? 'Opening checkout…' : (children ?? 'Upgrade')}
    </Button>
  );
}

/** Manage Billing: the portal in a new tab (spec 000 §4). */
export function ManageBillingButton() {
  const portal = useOpenPortal();
  return (
    <Button
      variant="outline"
      disabled={portal.isPending}
      onClick={() => {
        // Opened before the request, or the browser would block a pop-up that did not follow a click.
        const tab = window.open('', '_blank');
        portal.mutate(undefined, {
          onSuccess: ({ url }) => {
            if (tab) tab.location.href = url;
            else window.location.assign(url);
          },
          onError: () => {
            tab?.close();
            toast.error(BILLING_TEXT.portalFailed);
          },
        });
      }}
    >
      <ExternalLink aria-hidden /> Manage Billing
    </Button>
  );
}
