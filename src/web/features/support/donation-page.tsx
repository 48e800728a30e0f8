import { Heart, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDonate } from '@/features/billing';
import { cn } from '@/lib/utils';
import { BILLING_TEXT } from '@shared/billing-text';

const PRESETS = [500, 1000, 2500] as const; // cents
const MIN_CENTS = 100;

/** Parses a custom amount in dollars into cents; null when it is not a number of at least $1. */
export function parseDonationCents(text: string): number | null {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  return cents >= MIN_CENTS ? cents : null;
}

export default function DonationPage() {
  const [choice, setChoice] = useState<number | 'custom'>(1000);
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const donation = useDonate();

  useEffect(() => {
    if (params.get('status') === 'success') {
      toast.success(BILLING_TEXT.donationThanks, { description: BILLING_TEXT.donationThanksDescription });
      params.delete('status');
      setParams(params, { replace: true });
    }
  }, [params, setParams]);

  const donate = () => {
    const cents = choice === 'custom' ? parseDonationCents(custom) : choice;
    if (cents === null) {
      setCustomError(BILLING_TEXT.donationInvalid);
      toast.error(BILLING_TEXT.donationInvalidTitle, { description: BILLING_TEXT.donationInvalid });
      return;
    }
    setCustomError(null);
    // Checkout opens in a new tab (spec 000 §4); the tab is opened inside the click so it is not blocked.
    const tab = window.open('', '_blank');
    donation.mutate(cents, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (e) => {
        tab?.close();
        toast.error(BILLING_TEXT.donationError, { description: e.message || BILLING_TEXT.donationErrorFallback });
      },
    });
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="text-center">
        <Smartphone className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Support Reelmates</h1>
        <p className="mt-2 text-muted-foreground">Help us build the Reelmates mobile app. Every donation goes toward development.</p>
      </div>
      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Choose an amount</CardTitle>
          <CardDescription>One-time donation in US dollars.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div role="radiogroup" aria-label="Donation amount" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[...PRESETS, 'custom' as const].map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={choice === value}
                onClick={() => setChoice(value)}
                className={cn('rounded-lg border-2 px-4 py-3 text-lg font-semibold', choice === value ? 'border-primary bg-primary/10 text-primary' : 'hover:border-primary/50')}
              >
                {value === 'custom' ? 'Custom' : `$${value / 100}`}
              </button>
            ))}
          </div>
          {choice === 'custom' ? (
            <div className="space-y-2">
              <Label htmlFor="donation-custom">Custom amount (USD)</Label>
              <Input
                id="donation-custom"
                inputMode="decimal"
                placeholder="e.g. 15"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
                aria-invalid={customError ? true : undefined}
                aria-describedby={customError ? 'donation-custom-error' : undefined}
              />
              {customError ? (
                <p id="donation-custom-error" role="alert" className="text-sm text-destructive">
                  {customError}
                </p>
              ) : null}
            </div>
          ) : null}
          <Button className="w-full" size="lg" onClick={donate} disabled={donation.isPending}>
            <Heart aria-hidden /> Donate
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
