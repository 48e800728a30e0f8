import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { AccessFlags } from '@shared/session';

/** Which plan the user has and why (spec 000 §4). Checkout and billing actions come with billing. */
export function SubscriptionCard({ access }: { access: AccessFlags }) {
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
    action = <Link to="/pricing">Upgrade</Link>;
  } else if (access.isSubscribed) {
    title = 'Premium';
    text = 'Thank you for supporting Reelmates.';
  } else if (access.isPremium) {
    title = 'Premium';
    text = 'Your account has Premium access.';
  } else {
    title = 'Free';
    text = 'Upgrade for unlimited matches, Advanced Discovery and more.';
    action = <Link to="/pricing">Get 7-Day Free Trial</Link>;
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
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
        {action ? <Button asChild>{action}</Button> : null}
      </CardContent>
    </Card>
  );
}
