import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { passwordResetSchema } from '@shared/accounts';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { resetTokenQuery, useResetPassword } from './api';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const form = useForm<z.input<typeof passwordResetSchema>, unknown, z.output<typeof passwordResetSchema>>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');
  const reset = useResetPassword();

  const check = useQuery({ ...resetTokenQuery(token ?? ''), enabled: !!token && !params.get('error') });

  const submit = ({ password }: z.output<typeof passwordResetSchema>) =>
    reset.mutate(
      { newPassword: password, token: token ?? '' },
      {
        onSuccess: () => {
          toast.success('Password updated successfully.', { description: 'Sign in with your new password.' });
          navigate('/auth', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'invalid_token') toast.error('Error', { description: 'Invalid session. Please request a new password reset link.' });
          else toast.error('Error', { description: error.message || 'Could not update the password.' });
        },
      },
    );

  const invalid = !token || !!params.get('error') || check.data?.valid === false || check.isError;
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card>
        {check.isPending && !invalid ? (
          <CardContent className="flex flex-col items-center gap-3 p-10">
            <Spinner className="size-8" />
            <p className="text-muted-foreground">Verifying link...</p>
          </CardContent>
        ) : invalid ? (
          <CardContent className="space-y-4 p-8 text-center">
            <ShieldAlert className="mx-auto size-10 text-destructive" aria-hidden />
            <h1 className="text-xl font-bold">Link not valid</h1>
            <p className="text-muted-foreground">{INVALID_LINK}</p>
            <Button asChild>
              <Link to="/auth" state={{ showReset: true }}>
                Request a new one
              </Link>
            </Button>
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <CardTitle className="text-2xl" role="heading" aria-level={1}>
                Reset Password
              </CardTitle>
              <CardDescription>Choose a new password for your account.</CardDescription>
            </CardHeader>
            <CardContent>
              <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
                <Field id="new-password" label="New password" error={errors.password?.message} hint={<PasswordChecklist password={password} />}>
                  <Input id="new-password" type="password" autoComplete="new-password" aria-invalid={errors.password ? true : undefined} {...form.register('password')} />
                </Field>
                <Field id="confirm-password" label="Confirm new password" error={errors.confirm?.message}>
                  <Input id="confirm-password" type="password" autoComplete="new-password" aria-invalid={errors.confirm ? true : undefined} {...form.register('confirm')} />
                </Field>
                <Button type="submit" className="w-full" disabled={reset.isPending}>
                  {reset.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
                  Update Password
                </Button>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
