import { Heart, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

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

  useEffect(() => {
    if (params.get('status') === 'success') {
      toast.success('Thank you for your support!', { description: 'Your donation helps us build the Reelmates mobile app.' });
      params.delete('status');
      setParams(params, { replace: true });
    }
  }, [params, setParams]);

  const donate = () => {
    const cents = choice === 'custom' ? parseDonationCents(custom) : choice;
    if (cents === null) {
      setCustomError('Please enter a valid amount of at least $1.');
      toast.error('Invalid amount', { description: 'Please enter a valid amount of at least $1.' });
      return;
    }
    setCustomError(null);
    // Card payment arrives with the billing module; until then say so instead of pretending.
    toast.info('Donations are not open yet', { description: `Thank you for wanting to give $${(cents / 100).toFixed(2)}. Card payments are coming soon.` });
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
          <Button className="w-full" size="lg" onClick={donate}>
            <Heart aria-hidden /> Donate
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
