import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api';
import { sessionQuery } from './session';

const INVALID = 'Invalid email or password. Please check your credentials and try again.';

export function SignInForm({ email, onEmail, onSignedIn, onForgot }: { email: string; onEmail: (v: string) => void; onSignedIn: () => void; onForgot: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<{ message: string; resend?: boolean } | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!email.trim() || !password) {
      setProblem({ message: 'Please enter your email and password.' });
      return;
    }
    setPending(true);
    try {
      await api('/api/auth/sign-in/email', { method: 'POST', body: { email: email.trim(), password } });
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      toast.success('Welcome!', { description: 'You have been signed in successfully.' });
      onSignedIn();
    } catch (error) {
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
        toast.error('Error', { description: error instanceof Error ? error.message : 'Something went wrong.' });
      }
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    try {
      await api('/api/auth/send-verification-email', { method: 'POST', body: { email: email.trim(), callbackURL: '/discover#type=signup' } });
      toast.success('Verification email sent', { description: 'Check your inbox (and spam folder) for the link.' });
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Could not send the email.' });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="signin-email" label="Email">
        <Input id="signin-email" type="email" autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} required />
      </Field>
      <Field id="signin-password" label="Password">
        <Input id="signin-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </Field>
      {problem ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          <p>{problem.message}</p>
          {problem.resend ? (
            <Button type="button" variant="link" className="h-auto p-0" onClick={resend}>
              Resend verification email
            </Button>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Spinner className="size-4 text-primary-foreground" label="Signing in" /> : null}
        Sign In
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onForgot}>
        Forgot your password?
      </Button>
    </form>
  );
}
