import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';

export function ResetRequestForm({ email, onEmail, onBack }: { email: string; onEmail: (v: string) => void; onBack: () => void }) {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError('Please enter a valid email address.');
      return;
    }
    setError(null);
    setPending(true);
    try {
      await api('/api/auth/request-password-reset', { method: 'POST', body: { email: email.trim(), redirectTo: '/auth-password-reset' } });
      setSent(true);
      toast.success('Reset link sent', { description: 'Check your email for a password reset link' });
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : 'Could not send the reset link.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted-foreground">Enter the email of your account and we will send you a link to choose a new password.</p>
      <Field id="reset-email" label="Email" error={error}>
        <Input id="reset-email" type="email" autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} aria-invalid={error ? true : undefined} />
      </Field>
      {sent ? <p className="text-sm text-emerald-600 dark:text-emerald-400">If an account uses this address, a reset link is on its way.</p> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : null}
        Send Reset Link
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
