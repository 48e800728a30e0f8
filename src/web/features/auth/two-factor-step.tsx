import { KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { TWO_FACTOR_TEXT } from '@shared/two-factor';
import { useVerifySecondFactor } from './api';

type Kind = 'totp' | 'backup';

/** The code field of each kind: the app's 6 digits, or a backup code as it was given. */
const CODE_INPUTS: Record<Kind, { id: string; label: string; props: React.ComponentProps<typeof Input> }> = {
  totp: {
    id: 'two-factor-code',
    label: TWO_FACTOR_TEXT.codeLabel,
    props: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7, className: 'text-center font-mono text-lg tracking-[0.3em]' },
  },
  backup: {
    id: 'two-factor-backup',
    label: TWO_FACTOR_TEXT.backupCodeLabel,
    props: { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false, maxLength: 20, className: 'text-center font-mono text-lg' },
  },
};

function CodeInput({ ref, kind, value, onChange, invalid }: { ref: React.Ref<HTMLInputElement>; kind: Kind; value: string; onChange: (value: string) => void; invalid: boolean }) {
  const { id, label, props } = CODE_INPUTS[kind];
  return (
    <Field id={id} label={label}>
      <Input ref={ref} id={id} {...props} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid ? true : undefined} />
    </Field>
  );
}

/**
 * Sign-in's second step (issue 20, part 3): after the password, a 6-digit code from the
 * authenticator app, or one of the backup codes; 'Trust this device for 30 days' skips this step
 * on this browser next time. The pending sign-in lives in a cookie for 10 minutes.
 */
export function TwoFactorStep({ onSignedIn, onStartOver }: { onSignedIn: () => void; onStartOver: () => void }) {
  const [kind, setKind] = useState<Kind>('totp');
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [problem, setProblem] = useState<{ message: string } | null>(null);
  const verify = useVerifySecondFactor();
  const input = useRef<HTMLInputElement>(null);
  const trustId = useId();

  useEffect(() => input.current?.focus(), [kind]);

  const switchTo = (next: Kind) => {
    setKind(next);
    setCode('');
    setProblem(null);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = kind === 'totp' ? code.replace(/\s/g, '') : code.trim();
    if (!value) {
      setProblem({ message: kind === 'totp' ? 'Please enter the 6-digit code.' : 'Please enter a backup code.' });
      return;
    }
    setProblem(null);
    verify.mutate(
      { kind, code: value, trustDevice: trust },
      {
        onSuccess: () => {
          toast.success('Welcome!', { description: 'You have been signed in successfully.' });
          onSignedIn();
        },
        onError: (error) => {
          setCode('');
          // An expired pending sign-in says so; 'Back to sign in' below starts again.
          if (error instanceof ApiError && error.code === 'two_factor_expired') setProblem({ message: TWO_FACTOR_TEXT.expired });
          else if (error instanceof ApiError && (error.status === 429 || error.status === 401)) setProblem({ message: error.message });
          else setProblem({ message: error.message || 'Something went wrong. Please try again.' });
          input.current?.focus();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="two-factor-heading">
      <div className="space-y-1 text-center">
        {kind === 'totp' ? <ShieldCheck className="mx-auto size-10 text-primary" aria-hidden /> : <KeyRound className="mx-auto size-10 text-primary" aria-hidden />}
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          {TWO_FACTOR_TEXT.signInTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{kind === 'totp' ? TWO_FACTOR_TEXT.signInHelp : TWO_FACTOR_TEXT.backupSignInHelp}</p>
      </div>
      <CodeInput ref={input} kind={kind} value={code} onChange={setCode} invalid={problem !== null} />
      <div className="flex items-center gap-2">
        <Checkbox id={trustId} checked={trust} onCheckedChange={(v) => setTrust(v === true)} />
        <Label htmlFor={trustId} className="font-normal">
          {TWO_FACTOR_TEXT.trustDevice}
        </Label>
      </div>
      {problem ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          <p>{problem.message}</p>
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? <Spinner className="size-4 text-primary-foreground" label="Verifying" /> : null}
        {TWO_FACTOR_TEXT.signInVerify}
      </Button>
      <div className="flex flex-col items-center gap-1">
        <Button type="button" variant="link" onClick={() => switchTo(kind === 'totp' ? 'backup' : 'totp')}>
          {kind === 'totp' ? TWO_FACTOR_TEXT.useBackupCode : TWO_FACTOR_TEXT.useAppCode}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground" onClick={onStartOver}>
          {TWO_FACTOR_TEXT.startOver}
        </Button>
      </div>
    </form>
  );
}
