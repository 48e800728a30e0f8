import { Link } from 'react-router';
import { PricingCards } from '@/components/marketing/pricing-cards';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/session';
import { FOUNDING_MEMBER_LIMIT, TRIAL_DAYS } from '@shared/pricing';
import { useSubscription } from './api';
import { CheckoutButton, ManageBillingButton, TrialButton } from './subscription-actions';

/** What the Premium card offers the signed-in user: the trial (once), checkout, or their plan. */
function PremiumAction({ interval }: { interval: 'monthly' | 'yearly' }) {
  const subscription = useSubscription();
  const data = subscription.data;
  if (subscription.isPending) return <Skeleton className="h-9 w-full" />;
  if (!data) return <CheckoutButton plan={interval} className="w-full" />;
  if (data.access.isSubscribed) return data.manageable ? <ManageBillingButton /> : <p className="w-full text-center text-sm font-medium">You have Premium.</p>;
  if (data.access.isPremium && !data.access.isOnTrial) return <p className="w-full text-center text-sm font-medium">You have Premium.</p>;
  return (
    <div className="flex w-full flex-col gap-2">
      {data.trialAvailable ? <TrialButton className="w-full" variant="outline" /> : null}
      <CheckoutButton plan={interval} className="w-full">
        Subscribe {interval === 'yearly' ? 'yearly' : 'monthly'}
      </CheckoutButton>
      {data.mode === 'test' ? <p className="text-center text-xs text-muted-foreground">Payments are in test mode.</p> : null}
    </div>
  );
}

export default function PricingPage() {
  const { user, isPending } = useSession();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-10 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Plans</h1>
        <p className="mt-3 text-muted-foreground">
          Start free. Upgrade when you want every match. Premium comes with a {TRIAL_DAYS}-day free trial, and the first {FOUNDING_MEMBER_LIMIT.toLocaleString()} members get it for
          life.
        </p>
      </div>
      <PricingCards
        premiumAction={
          isPending
            ? () => <Skeleton className="h-9 w-full" />
            : user
              ? (interval) => <PremiumAction interval={interval} />
              : () => (
                  <Button asChild className="w-full">
                    <Link to="/auth" state={{ from: 'signup' }}>
                      Start Free Trial
                    </Link>
                  </Button>
                )
        }
      />
    </div>
  );
}
