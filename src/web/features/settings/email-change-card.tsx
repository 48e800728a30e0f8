import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api';
import { emailSchema } from '@shared/accounts';

export function EmailChangeCard({ current }: { current: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError('Please enter a valid email address.');
    if (parsed.data === current.toLowerCase()) return setError('This is already your email address.');
    setError(null);
    setPending(true);
    try {
      await api('/api/auth/change-email', { method: 'POST', body: { newEmail: parsed.data, callbackURL: '/settings' } });
      toast.success('Check your email', { description: 'A confirmation link has been sent to your new email address.' });
      setEmail('');
    } catch (err) {
      toast.error('Error', { description: err instanceof ApiError && err.status === 429 ? err.message : 'Could not update email.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Email</CardTitle>
        <CardDescription>We send a confirmation link to the new address; the change happens when you follow it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <Field id="new-email" label="New email" error={error}>
              <Input id="new-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} />
            </Field>
          </div>
          <Button type="submit" disabled={pending} className="sm:mt-6">
            {pending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
            Update Email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
