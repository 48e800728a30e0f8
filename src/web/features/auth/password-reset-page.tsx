import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api';
import { passwordProblems } from '@shared/accounts';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { sessionQuery } from './session';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [pending, setPending] = useState(false);

  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => api<{ valid: boolean }>(`/api/accounts/reset-token?token=${encodeURIComponent(token!)}`),
    enabled: !!token && !params.get('error'),
    staleTime: Infinity,
    retry: false,
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    const problems = passwordProblems(password);
    if (problems.length) next.password = problems[0];
    if (confirm !== password) next.confirm = 'Passwords do not match';
    setErrors(next);
    if (next.password || next.confirm) return;
    setPending(true);
    try {
      await api('/api/auth/reset-password', { method: 'POST', body: { newPassword: password, token } });
      // Every session of the account ends with the reset, this one included.
      queryClient.setQueryData(sessionQuery.queryKey, { user: null, access: null });
      toast.success('Password updated successfully.', { description: 'Sign in with your new password.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') toast.error('Error', { description: 'Invalid session. Please request a new password reset link.' });
      else toast.error('Error', { description: error instanceof Error ? error.message : 'Could not update the password.' });
    } finally {
      setPending(false);
    }
  };

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
              <form noValidate onSubmit={submit} className="space-y-4">
                <Field id="new-password" label="New password" error={errors.password} hint={<PasswordChecklist password={password} />}>
                  <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={errors.password ? true : undefined} />
                </Field>
                <Field id="confirm-password" label="Confirm new password" error={errors.confirm}>
                  <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} aria-invalid={errors.confirm ? true : undefined} />
                </Field>
                <Button type="submit" className="w-full" disabled={pending}>
                  {pending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
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
