import { CreditCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatUsd } from '@shared/pricing';
import { usePayTestCheckout, useTestCheckout } from './api';
import { TestModeBanner } from './test-mode-badge';

/** Groups card digits by four as they are typed, the way card forms do. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The offline default's checkout (decisions: offline defaults): our page in place of Stripe's, in
 * test mode, taking Stripe's test cards. Paying sends signed events through the same handler.
 */
export default function TestCheckoutPage() {
  const { id = '' } = useParams();
  const checkout = useTestCheckout(id);
  const pay = usePayTestCheckout(id);
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const error = pay.error instanceof ApiError ? pay.error : null;
  const fieldError = (field: string) => error?.details?.[field]?.[0] ?? null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    pay.mutate({ cardNumber, expiry, cvc, name: name || undefined }, { onSuccess: ({ url }) => window.location.assign(url) });
  };

  const data = checkout.data;
  const what = !data ? '' : data.kind === 'donation' ? 'One-time donation to Reelmates' : `Reelmates Premium, ${data.plan === 'yearly' ? 'yearly' : 'monthly'}`;
  const per = data?.kind === 'subscription' ? (data.plan === 'yearly' ? ' per year' : ' per month') : '';

  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-10">
      <TestModeBanner />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden /> Checkout
          </CardTitle>
          {checkout.isPending ? (
            <Skeleton className="h-5 w-48" />
          ) : checkout.isError ? (
            <CardDescription role="alert">{checkout.error.message}</CardDescription>
          ) : (
            <CardDescription>
              {what}: <span className="font-semibold text-foreground">{formatUsd(data!.amountCents / 100)}</span>
              {per}
            </CardDescription>
          )}
        </CardHeader>
        {data?.status === 'complete' ? (
          <CardContent>
            <p role="status">This checkout is already complete.</p>
          </CardContent>
        ) : data ? (
          <form onSubmit={submit} noValidate>
            <CardContent className="space-y-4">
              <Field id="card-number" label="Card number" error={fieldError('cardNumber')}>
                <Input
                  id="card-number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  value={cardNumber}
                  onChange={(e) => setCardNumber(groupDigits(e.target.value))}
                  required
                />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field id="card-expiry" label="Expiry (MM/YY)" error={fieldError('expiry')}>
                  <Input id="card-expiry" autoComplete="cc-exp" placeholder="12/34" value={expiry} onChange={(e) => setExpiry(e.target.value)} required />
                </Field>
                <Field id="card-cvc" label="CVC" error={fieldError('cvc')}>
                  <Input id="card-cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(e) => setCvc(e.target.value)} required />
                </Field>
              </div>
              <Field id="card-name" label="Name on card (optional)">
                <Input id="card-name" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
              </Field>
              {error && !error.details ? (
                <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                  {error.message}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Any future expiry and any 3 digits.</p>
            </CardContent>
            <CardFooter className="flex flex-col gap-2">
              <Button type="submit" className="w-full" disabled={pay.isPending || pay.isSuccess}>
                <Lock aria-hidden /> {pay.isPending || pay.isSuccess ? 'Processing…' : `Pay ${formatUsd(data.amountCents / 100)}`}
              </Button>
              <Button asChild variant="ghost" className="w-full">
                <Link to={new URL(data.cancelUrl, window.location.origin).pathname}>Cancel</Link>
              </Button>
            </CardFooter>
          </form>
        ) : null}
      </Card>
    </div>
  );
}
