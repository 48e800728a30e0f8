import { PricingCards } from '@/components/marketing/pricing-cards';
import { FOUNDING_MEMBER_LIMIT, TRIAL_DAYS } from '@shared/pricing';

export default function PricingPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-10 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Plans</h1>
        <p className="mt-3 text-muted-foreground">
          Start free. Upgrade when you want every match. Premium comes with a {TRIAL_DAYS}-day free trial, and the first {FOUNDING_MEMBER_LIMIT.toLocaleString()} members get it for
          life.
        </p>
      </div>
      <PricingCards />
    </div>
  );
}
