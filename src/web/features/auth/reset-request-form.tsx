import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { resetRequestSchema } from '@shared/accounts';
import { useRequestPasswordReset } from './api';

export function ResetRequestForm({ email, onEmail, onBack }: { email: string; onEmail: (v: string) => void; onBack: () => void }) {
  const form = useForm<z.input<typeof resetRequestSchema>, unknown, z.output<typeof resetRequestSchema>>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email } });
  const request = useRequestPasswordReset();
  const error = form.formState.errors.email?.message;

  const submit = ({ email }: z.output<typeof resetRequestSchema>) =>
    request.mutate(email, {
      onSuccess: () => toast.success('Reset link sent', { description: 'Check your email for a password reset link' }),
      onError: (err) => toast.error('Error', { description: err.message || 'Could not send the reset link.' }),
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
      <p className="text-sm text-muted-foreground">Enter the email of your account and we will send you a link to choose a new password.</p>
      <Field id="reset-email" label="Email" error={error}>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          {...form.register('email', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => onEmail(e.target.value) })}
        />
      </Field>
      {request.isSuccess ? <p className="text-sm text-emerald-600 dark:text-emerald-400">If an account uses this address, a reset link is on its way.</p> : null}
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : null}
        Send Reset Link
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
