import { Check, Crown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { FREE_FEATURES, formatUsd, PREMIUM_FEATURES, PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD, TRIAL_DAYS, YEARLY_SAVING_LABEL } from '@shared/pricing';

export type BillingInterval = 'monthly' | 'yearly';

export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (v: BillingInterval) => void }) {
  return (
    <div role="radiogroup" aria-label="Billing interval" className="inline-flex items-center rounded-full border bg-muted p-1">
      {(['monthly', 'yearly'] as const).map((v) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          onClick={() => onChange(v)}
          className={cn('flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium', value === v ? 'bg-background shadow' : 'text-muted-foreground')}
        >
          {v === 'monthly' ? 'Monthly' : 'Yearly'}
          {v === 'yearly' ? <Badge variant="gold">{YEARLY_SAVING_LABEL}</Badge> : null}
        </button>
      ))}
    </div>
  );
}

/** Free and Premium side by side. `premiumAction` lets a page put its own checkout button in. */
export function PricingCards({ premiumAction }: { premiumAction?: (interval: BillingInterval) => React.ReactNode }) {
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const price = interval === 'monthly' ? PREMIUM_MONTHLY_USD : PREMIUM_YEARLY_USD;
  return (
    <div className="flex flex-col items-center gap-8">
      <IntervalToggle value={interval} onChange={setInterval} />
      <div className="grid w-full max-w-4xl gap-6 md:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle>Free</CardTitle>
            <CardDescription>Everything you need to get started.</CardDescription>
            <p className="mt-2 text-4xl font-bold">
              {formatUsd(0)}
              <span className="text-base font-normal text-muted-foreground"> /forever</span>
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <FeatureList items={FREE_FEATURES} />
          </CardContent>
          <CardFooter>
            <Button asChild variant="outline" className="w-full">
              <Link to="/auth" state={{ from: 'signup' }}>
                Get Started
              </Link>
            </Button>
          </CardFooter>
        </Card>
        <Card className="relative flex flex-col border-primary shadow-lg">
          <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most popular</Badge>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Crown className="size-5 text-amber-500" aria-hidden /> Premium
            </CardTitle>
            <CardDescription>For fans who want every match.</CardDescription>
            <p className="mt-2 text-4xl font-bold">
              {formatUsd(price)}
              <span className="text-base font-normal text-muted-foreground"> /{interval === 'monthly' ? 'month' : 'year'}</span>
            </p>
            <p className="text-sm text-muted-foreground">Start with a {TRIAL_DAYS}-day free trial.</p>
          </CardHeader>
          <CardContent className="flex-1">
            <FeatureList items={PREMIUM_FEATURES} />
          </CardContent>
          <CardFooter>
            {premiumAction ? (
              premiumAction(interval)
            ) : (
              <Button asChild className="w-full">
                <Link to="/auth" state={{ from: 'signup' }}>
                  Start Free Trial
                </Link>
              </Button>
            )}
          </CardFooter>
        </Card>
      </div>
    </div>
  );
}

function FeatureList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}
