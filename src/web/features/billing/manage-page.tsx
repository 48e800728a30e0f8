import { CalendarClock, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PortalAction } from '@shared/billing';
import { formatUsd, PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD, YEARLY_SAVING_LABEL } from '@shared/pricing';
import { usePortalAction, useSubscription } from './api';
import { TestModeBanner } from './test-mode-badge';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The offline default's billing portal: switch plan, cancel at period end, resume. Each action is
 * a signed 'subscription updated' event through the same handler as Stripe's portal would send.
 */
export default function ManageBillingPage() {
  const subscription = useSubscription();
  const action = usePortalAction();
  const run = (body: PortalAction, done: string) =>
    action.mutate(body, { onSuccess: () => toast.success(done), onError: (e) => toast.error('Update failed', { description: e.message }) });
  const data = subscription.data;

  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-10">
      <TestModeBanner>This is the test billing portal: changes here are not charged.</TestModeBanner>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Crown className="size-5 text-amber-500" aria-hidden /> Manage Billing
          </CardTitle>
          <CardDescription>Your Reelmates Premium subscription.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {subscription.isPending ? (
            <div className="space-y-2" aria-busy="true">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-64" />
            </div>
          ) : subscription.isError ? (
            <p role="alert" className="text-destructive">
              {subscription.error.message}
            </p>
          ) : !data?.manageable ? (
            <p>
              You have no subscription to manage. <Link to="/pricing">See the plans</Link>.
            </p>
          ) : (
            <>
              <div>
                <p className="font-semibold">
                  Premium {data.plan === 'yearly' ? 'yearly' : 'monthly'}: {formatUsd(data.plan === 'yearly' ? PREMIUM_YEARLY_USD : PREMIUM_MONTHLY_USD)}
                  {data.plan === 'yearly' ? ' per year' : ' per month'}
                </p>
                {data.subscriptionEnd ? (
                  <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="billing-period">
                    <CalendarClock className="size-4" aria-hidden />
                    {data.willCancelAtPeriodEnd ? `Cancels on ${formatDate(data.subscriptionEnd)}. Premium stays until then.` : `Renews on ${formatDate(data.subscriptionEnd)}.`}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-2 sm:flex-row">
                {data.plan === 'yearly' ? (
                  <Button variant="outline" disabled={action.isPending} onClick={() => run({ action: 'switch', plan: 'monthly' }, 'Switched to the monthly plan.')}>
                    Switch to monthly
                  </Button>
                ) : (
                  <Button variant="outline" disabled={action.isPending} onClick={() => run({ action: 'switch', plan: 'yearly' }, 'Switched to the yearly plan.')}>
                    Switch to yearly ({YEARLY_SAVING_LABEL})
                  </Button>
                )}
                {data.willCancelAtPeriodEnd ? (
                  <Button disabled={action.isPending} onClick={() => run({ action: 'resume' }, 'Your subscription continues.')}>
                    Resume subscription
                  </Button>
                ) : (
                  <Button variant="destructive" disabled={action.isPending} onClick={() => run({ action: 'cancel' }, 'Your subscription will end at the end of the period.')}>
                    Cancel at period end
                  </Button>
                )}
              </div>
            </>
          )}
        </CardContent>
        <CardFooter>
          <Button asChild variant="ghost">
            <Link to="/settings">Back to Settings</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
