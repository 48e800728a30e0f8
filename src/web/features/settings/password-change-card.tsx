import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { ApiError, api } from '@/lib/api';
import { settingsPasswordProblems } from '@shared/accounts';

export function PasswordChangeCard({ username }: { username: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = 'Please enter your current password.';
    const problems = settingsPasswordProblems(next, username);
    if (problems.length) found.next = problems[0];
    if (confirm !== next) found.confirm = "Passwords don't match.";
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await api('/api/auth/change-password', { method: 'POST', body: { currentPassword: current, newPassword: next, revokeOtherSessions: true } });
      toast.success('Password updated successfully.');
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_password') setErrors({ current: 'Your current password is not correct.' });
      toast.error('Error', { description: err instanceof ApiError && (err.status === 429 || err.code === 'password_policy') ? err.message : 'Could not update password.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field id="current-password" label="Current password" error={errors.current}>
            <Input id="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} aria-invalid={errors.current ? true : undefined} />
          </Field>
          <Field id="settings-new-password" label="New password" error={errors.next} hint={<PasswordChecklist password={next} />}>
            <Input id="settings-new-password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} aria-invalid={errors.next ? true : undefined} />
          </Field>
          <Field id="settings-confirm-password" label="Confirm new password" error={errors.confirm}>
            <Input id="settings-confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} aria-invalid={errors.confirm ? true : undefined} />
          </Field>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
            Update Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
