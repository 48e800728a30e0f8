import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { ApiError } from '@/lib/api';
import { type PasswordChangeForm, passwordChangeFormSchema } from '@shared/settings';
import { useChangePassword } from './api';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordChangeCard({ username }: { username: string }) {
  const schema = useMemo(() => passwordChangeFormSchema(username), [username]);
  // Checked when submitted, and again only at the next submit.
  const form = useForm<PasswordChangeForm>({ resolver: zodResolver(schema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const change = useChangePassword();
  const { errors } = form.formState;
  const next = form.watch('newPassword');

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success('Password updated successfully.');
        form.reset(EMPTY);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'invalid_password') form.setError('currentPassword', { message: 'Your current password is not correct.' });
        toast.error('Error', { description: err instanceof ApiError && (err.status === 429 || err.code === 'password_policy') ? err.message : 'Could not update password.' });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.currentPassword ? true : undefined}
              {...form.register('currentPassword')}
            />
          </Field>
          <Field id="settings-new-password" label="New password" error={errors.newPassword?.message} hint={<PasswordChecklist password={next} />}>
            <Input id="settings-new-password" type="password" autoComplete="new-password" aria-invalid={errors.newPassword ? true : undefined} {...form.register('newPassword')} />
          </Field>
          <Field id="settings-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              id="settings-confirm-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.confirmPassword ? true : undefined}
              {...form.register('confirmPassword')}
            />
          </Field>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
            Update Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
