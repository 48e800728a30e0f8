import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { passkeyProblem } from '@/lib/passkeys';
import { PASSKEY_TEXT } from '@shared/passkeys';
import { signInSchema } from '@shared/accounts';
import { usePasskeySignIn, useResendVerification, useSignIn } from './api';
import { TwoFactorStep } from './two-factor-step';

const INVALID = 'Invalid email or password. Please check your credentials and try again.';

type Values = z.input<typeof signInSchema>;

export function SignInForm({ email, onEmail, onSignedIn, onForgot }: { email: string; onEmail: (v: string) => void; onSignedIn: () => void; onForgot: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof signInSchema>>({ resolver: zodResolver(signInSchema), defaultValues: { email, password: '' } });
  const signIn = useSignIn();
  const resend = useResendVerification();
  const passkey = usePasskeySignIn();
  const [problem, setProblem] = useState<{ message: string; resend?: boolean } | null>(null);
  const [codeStep, setCodeStep] = useState(false);

  const submit = (values: z.output<typeof signInSchema>) => {
    setProblem(null);
    signIn.mutate(values, {
      onSuccess: ({ twoFactor }) => {
        if (twoFactor) {
          setCodeStep(true);
          return;
        }
        toast.success('Welcome!', { description: 'You have been signed in successfully.' });
        onSignedIn();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_not_verified') {
          setProblem({ message: 'Please verify your email address before signing in. Check your inbox (and spam folder) for the link.', resend: true });
        } else if (error instanceof ApiError && error.code === 'account_banned') {
          setProblem({ message: error.message });
        } else if (error instanceof ApiError && error.status === 429) {
          setProblem({ message: error.message });
        } else if (error instanceof ApiError && error.status === 401) {
          setProblem({ message: INVALID });
          toast.error('Error', { description: INVALID });
        } else {
          toast.error('Error', { description: error.message || 'Something went wrong.' });
        }
      },
    });
  };
  const withPasskey = () => {
    setProblem(null);
    passkey.mutate(undefined, {
      onSuccess: () => {
        toast.success('Welcome!', { description: 'You have been signed in successfully.' });
        onSignedIn();
      },
      onError: (error) => setProblem({ message: passkeyProblem(error) }),
    });
  };
  // Both fields empty or one of them: one message for the pair; otherwise the schema's own.
  const invalid = (errors: FieldErrors<Values>) => {
    const { email: e, password: p } = form.getValues();
    setProblem({ message: !e.trim() || !p ? 'Please enter your email and password.' : (errors.email?.message ?? errors.password?.message ?? INVALID) });
  };

  if (codeStep) {
    return (
      <TwoFactorStep
        onSignedIn={onSignedIn}
        onStartOver={() => {
          form.setValue('password', '');
          setCodeStep(false);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit, invalid)} className="space-y-4">
      <Field id="signin-email" label="Email">
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          required
          {...form.register('email', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => onEmail(e.target.value) })}
        />
      </Field>
      <Field id="signin-password" label="Password">
        <Input id="signin-password" type="password" autoComplete="current-password" required {...form.register('password')} />
      </Field>
      {problem ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          <p>{problem.message}</p>
          {problem.resend ? (
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => resend.mutate(form.getValues('email').trim())}>
              Resend verification email
            </Button>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={signIn.isPending || passkey.isPending}>
        {signIn.isPending ? <Spinner className="size-4 text-primary-foreground" label="Signing in" /> : null}
        Sign In
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" disabled={signIn.isPending || passkey.isPending} onClick={withPasskey}>
        {passkey.isPending ? <Spinner className="size-4" label={PASSKEY_TEXT.signingIn} /> : <KeyRound aria-hidden />}
        {PASSKEY_TEXT.signIn}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onForgot}>
        Forgot your password?
      </Button>
    </form>
  );
}
