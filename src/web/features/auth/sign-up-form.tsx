import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { missingPasswordRules, passwordProblems, usernameProblems } from '@shared/accounts';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { type UsernameCheck, useUsernameCheck } from '@/lib/use-username-check';

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
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const availability = useUsernameCheck(username, { form: 'signup' });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!email.trim()) next.email = 'Please enter your email address.';
    const pw = passwordProblems(password, username);
    if (pw.length) next.password = pw[0]!;
    const un = usernameProblems(username.trim());
    if (un.length) next.username = un.join('. ');
    if (fullName.trim() && fullName.trim().length < 2) next.fullName = 'Full name must be at least 2 characters.';
    if (!terms) next.terms = 'You must agree to the Terms of Service.';
    if (!privacy) next.privacy = 'You must agree to the Privacy Policy.';
    setErrors(next);
    if (missingPasswordRules(password).length) toast.error('Password requirements not met', { description: pw[0] });
    else if (un.length) toast.error('Username requirements not met', { description: un.join('. ') });
    if (Object.keys(next).length) return;

    setPending(true);
    try {
      await api('/api/accounts/sign-up', {
        method: 'POST',
        body: { email: email.trim(), password, username: username.trim(), fullName: fullName.trim(), acceptTerms: true, acceptPrivacy: true },
      });
      toast.success('Account created', { description: "Please check your email to verify your account. If you don't see it, check your spam folder." });
      onCreated(email.trim());
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_already_exists') {
        toast.error('Account already exists', { description: error.message });
        onExisting();
      } else if (error instanceof ApiError && error.details) {
        setErrors(Object.fromEntries(Object.entries(error.details).map(([k, v]) => [k, v[0] ?? ''])));
        toast.error('Error', { description: error.message });
      } else {
        toast.error('Error', { description: error instanceof Error ? error.message : 'Something went wrong.' });
      }
    } finally {
      setPending(false);
    }
  };

  const invalid = (k: string) => (errors[k] ? true : undefined);
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="signup-email" label="Email" error={errors.email}>
        <Input id="signup-email" type="email" autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} aria-invalid={invalid('email')} />
      </Field>
      <Field id="signup-username" label="Username" error={errors.username} hint={<AvailabilityText a={availability} />}>
        <Input
          id="signup-username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={invalid('username')}
          aria-describedby={errors.username ? 'signup-username-error' : 'signup-username-hint'}
        />
      </Field>
      <Field id="signup-fullname" label={<>Full name <span className="font-normal text-muted-foreground">(optional)</span></>} error={errors.fullName}>
        <Input id="signup-fullname" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} aria-invalid={invalid('fullName')} />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password} hint={<PasswordChecklist password={password} />}>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={invalid('password')}
          aria-describedby={errors.password ? 'signup-password-error' : 'signup-password-hint'}
        />
      </Field>
      {errors.password ? <PasswordChecklist password={password} /> : null}
      <div className="space-y-3">
        {[
          { id: 'terms', checked: terms, set: setTerms, label: <>I agree to the <Link to="/terms" target="_blank" className="text-primary underline">Terms of Service</Link></> },
          { id: 'privacy', checked: privacy, set: setPrivacy, label: <>I agree to the <Link to="/privacy" target="_blank" className="text-primary underline">Privacy Policy</Link></> },
        ].map((c) => (
          <div key={c.id}>
            <div className="flex items-center gap-2">
              <Checkbox id={`signup-${c.id}`} checked={c.checked} onCheckedChange={(v) => c.set(v === true)} aria-invalid={invalid(c.id)} />
              <Label htmlFor={`signup-${c.id}`} className="font-normal">
                {c.label}
              </Label>
            </div>
            {errors[c.id] ? (
              <p role="alert" className={cn('mt-1 text-sm text-destructive')}>
                {errors[c.id]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Spinner className="size-4 text-primary-foreground" label="Creating account" /> : null}
        Create Account
      </Button>
    </form>
  );
}
