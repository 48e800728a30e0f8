import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { missingPasswordRules, passwordProblems, type SignUpInput, signUpSchema, usernameProblems } from '@shared/accounts';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { type UsernameCheck, useUsernameCheck } from '@/lib/use-username-check';
import { useSignUp } from './api';

function AvailabilityText({ a }: { a: UsernameCheck }) {
  if (a.state === 'checking')
    return (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <Loader2 className="size-3.5 animate-spin" aria-hidden /> Checking availability...
      </span>
    );
  if (a.state === 'available') return <span className="text-emerald-600 dark:text-emerald-400">Username is available!</span>;
  if (a.state === 'taken') return <span className="text-destructive">Username is already taken</span>;
  if (a.state === 'invalid') return <span className="text-destructive">{a.message}</span>;
  return <span>3 to 30 letters, numbers or underscores; not starting with a number.</span>;
}

export function SignUpForm({ email, onEmail, onExisting, onCreated }: { email: string; onEmail: (v: string) => void; onExisting: () => void; onCreated: (email: string) => void }) {
  const form = useForm<SignUpInput, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email, password: '', username: '', fullName: '' },
  });
  const signUp = useSignUp();
  const { errors } = form.formState;
  const [username, password] = form.watch(['username', 'password']);
  const availability = useUsernameCheck(username, { form: 'signup' });

  // The spec's toasts name the first unmet rule: the password's, else the username's.
  const toastRules = () => {
    const { password: pw, username: un } = form.getValues();
    const pwProblems = passwordProblems(pw, un);
    const unProblems = usernameProblems(un.trim());
    if (missingPasswordRules(pw).length) toast.error('Password requirements not met', { description: pwProblems[0] });
    else if (unProblems.length) toast.error('Username requirements not met', { description: unProblems.join('. ') });
  };

  const submit = (values: z.output<typeof signUpSchema>) =>
    signUp.mutate(values, {
      onSuccess: () => {
        toast.success('Account created', { description: "Please check your email to verify your account. If you don't see it, check your spam folder." });
        onCreated(values.email);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_already_exists') {
          toast.error('Account already exists', { description: error.message });
          onExisting();
        } else if (error instanceof ApiError && error.details) {
          for (const [field, messages] of Object.entries(error.details)) {
            if (field in form.getValues()) form.setError(field as keyof SignUpInput, { message: messages[0] ?? '' });
          }
          toast.error('Error', { description: error.message });
        } else {
          toast.error('Error', { description: error.message || 'Something went wrong.' });
        }
      },
    });

  const message = (k: keyof SignUpInput) => errors[k]?.message;
  const invalid = (k: keyof SignUpInput) => (errors[k] ? true : undefined);
  return (
    <form noValidate onSubmit={form.handleSubmit(submit, toastRules)} className="space-y-4">
      <Field id="signup-email" label="Email" error={message('email')}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          aria-invalid={invalid('email')}
          {...form.register('email', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => onEmail(e.target.value) })}
        />
      </Field>
      <Field id="signup-username" label="Username" error={message('username')} hint={<AvailabilityText a={availability} />}>
        <Input
          id="signup-username"
          autoComplete="username"
          aria-invalid={invalid('username')}
          aria-describedby={errors.username ? 'signup-username-error' : 'signup-username-hint'}
          {...form.register('username')}
        />
      </Field>
      <Field
        id="signup-fullname"
        label={
          <>
            Full name <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        error={message('fullName')}
      >
        <Input id="signup-fullname" autoComplete="name" aria-invalid={invalid('fullName')} {...form.register('fullName')} />
      </Field>
      <Field id="signup-password" label="Password" error={message('password')} hint={<PasswordChecklist password={password} />}>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={invalid('password')}
          aria-describedby={errors.password ? 'signup-password-error' : 'signup-password-hint'}
          {...form.register('password')}
        />
      </Field>
      {errors.password ? <PasswordChecklist password={password} /> : null}
      <div className="space-y-3">
        {(
          [
            {
              id: 'terms',
              name: 'acceptTerms',
              label: (
                <>
                  I agree to the{' '}
                  <Link to="/terms" target="_blank" className="text-primary underline">
                    Terms of Service
                  </Link>
                </>
              ),
            },
            {
              id: 'privacy',
              name: 'acceptPrivacy',
              label: (
                <>
                  I agree to the{' '}
                  <Link to="/privacy" target="_blank" className="text-primary underline">
                    Privacy Policy
                  </Link>
                </>
              ),
            },
          ] as const
        ).map((c) => (
          <div key={c.id}>
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name={c.name}
                render={({ field }) => (
                  <Checkbox
                    id={`signup-${c.id}`}
                    checked={field.value === true}
                    onCheckedChange={(v) => field.onChange(v === true)}
                    onBlur={field.onBlur}
                    aria-invalid={invalid(c.name)}
                  />
                )}
              />
              <Label htmlFor={`signup-${c.id}`} className="font-normal">
                {c.label}
              </Label>
            </div>
            {errors[c.name] ? (
              <p role="alert" className={cn('mt-1 text-sm text-destructive')}>
                {errors[c.name]?.message}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? <Spinner className="size-4 text-primary-foreground" label="Creating account" /> : null}
        Create Account
      </Button>
    </form>
  );
}
