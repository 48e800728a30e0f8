import { Crown } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CheckoutButton, ManageBillingButton, TrialButton, useSubscription } from '@/features/billing';
import { BILLING_TEXT } from '@shared/billing-text';
import type { AccessFlags } from '@shared/session';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** Which plan the user has and why, with its one action (spec 000 §4: the five cases). */
export function SubscriptionCard({ access }: { access: AccessFlags }) {
  const subscription = useSubscription();
  useEffect(() => {
    if (subscription.isError) toast.error(BILLING_TEXT.checkError, { description: BILLING_TEXT.checkErrorDescription });
  }, [subscription.isError]);
  const data = subscription.data;
  let title: string;
  let text: string;
  let action: React.ReactNode = null;
  if (access.isAdmin) {
    title = 'Premium (Admin Access)';
    text = 'Administrators have every Premium feature.';
  } else if (access.isFoundingMember) {
    title = 'Premium (Founding Member)';
    text = 'As one of our first 1,000 members you have lifetime Premium access.';
  } else if (access.isOnTrial) {
    title = 'Premium trial';
    text = `Your free trial has ${access.trialDaysLeft} day${access.trialDaysLeft === 1 ? '' : 's'} left.`;
    action = <CheckoutButton plan="monthly">Upgrade</CheckoutButton>;
  } else if (access.isSubscribed) {
    title = `Premium${data?.plan ? ` (${data.plan === 'yearly' ? 'yearly' : 'monthly'})` : ''}`;
    text =
      data?.willCancelAtPeriodEnd && data.subscriptionEnd
        ? `Your subscription is canceled and ends on ${formatDate(data.subscriptionEnd)}.`
        : data?.subscriptionEnd
          ? `Renews on ${formatDate(data.subscriptionEnd)}. Thank you for supporting Reelmates.`
          : 'Thank you for supporting Reelmates.';
    action = <ManageBillingButton />;
  } else if (access.isPremium) {
    title = 'Premium';
    text = 'Your account has Premium access.';
  } else {
    title = 'Free';
    text = 'Upgrade for unlimited matches, Advanced Discovery and more.';
    action = subscription.isPending ? (
      <Skeleton className="h-9 w-48" />
    ) : data?.trialAvailable === false ? (
      <CheckoutButton plan="monthly">Upgrade</CheckoutButton>
    ) : (
      <TrialButton />
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="size-5 text-amber-500" aria-hidden /> Subscription
        </CardTitle>
        <CardDescription>Your plan.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold" data-testid="plan-title">
            {title}
          </p>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
        {action}
      </CardContent>
    </Card>
  );
}
