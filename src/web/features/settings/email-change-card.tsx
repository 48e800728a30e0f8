import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { type EmailChangeFormInput, type EmailChangeFormOutput, emailChangeFormSchema } from '@shared/settings';
import { DeliveryNotice } from './delivery-notice';
import { useChangeEmail } from './api';

export function EmailChangeCard({ current }: { current: string }) {
  const schema = useMemo(() => emailChangeFormSchema(current), [current]);
  // Checked when submitted, and again only at the next submit.
  const form = useForm<EmailChangeFormInput, unknown, EmailChangeFormOutput>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' }, reValidateMode: 'onSubmit' });
  const change = useChangeEmail();
  const error = form.formState.errors.newEmail?.message;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success('Check your email', { description: 'A confirmation link has been sent to your new email address.' });
        form.reset({ newEmail: '' });
      },
      onError: (err) => toast.error('Error', { description: err instanceof ApiError && err.status === 429 ? err.message : 'Could not update email.' }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Email</CardTitle>
        <CardDescription>We send a confirmation link to the new address; the change happens when you follow it.</CardDescription>
      </CardHeader>
      <CardContent>
        <DeliveryNotice email={current} />
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <Field id="new-email" label="New email" error={error}>
              <Input id="new-email" type="email" autoComplete="email" aria-invalid={error ? true : undefined} {...form.register('newEmail')} />
            </Field>
          </div>
          <Button type="submit" disabled={change.isPending} className="sm:mt-6">
            {change.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
            Update Email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
