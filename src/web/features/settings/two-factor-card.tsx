import { useQuery } from '@tanstack/react-query';
import { Download, KeyRound, RefreshCw, ShieldCheck } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { backupCodesFile, TWO_FACTOR_TEXT } from '@shared/two-factor';
import { twoFactorQuery, useConfirmTwoFactor, useDisableTwoFactor, useRegenerateBackupCodes, useStartTwoFactor } from './two-factor-api';

/** What the password step is for: turning it on, off, or replacing the backup codes. */
type Purpose = 'on' | 'off' | 'codes';
type Step =
  { name: 'idle' } | { name: 'password'; turning: Purpose } | { name: 'scan'; uri: string; key: string; codes: string[] } | { name: 'codes'; codes: string[]; replaced?: boolean };

/** The key of an otpauth:// URI, in groups of four for typing. */
const keyOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';
const grouped = (key: string) => key.replace(/(.{4})/g, '$1 ').trim();

/**
 * 'Two-factor authentication' (issue 20, part 3): turn it on with the password, a QR code (or the
 * key typed in) and a first code; the ten backup codes are shown once, to download or copy; new
 * ones (the old ones then stop working) and turning it off need the password again.
 */
export function TwoFactorCard({ email }: { email: string }) {
  const status = useQuery(twoFactorQuery);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const enabled = status.data?.enabled ?? false;

  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden /> {TWO_FACTOR_TEXT.title}
          {status.isSuccess ? <Badge variant={enabled ? 'default' : 'outline'}>{enabled ? TWO_FACTOR_TEXT.on : TWO_FACTOR_TEXT.off}</Badge> : null}
        </CardTitle>
        <CardDescription>{TWO_FACTOR_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-16 w-full" aria-busy="true" />
        ) : status.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-destructive">
              Could not load your two-factor setting.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void status.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : step.name === 'scan' ? (
          <ScanStep step={step} onDone={(codes) => setStep({ name: 'codes', codes })} onCancel={() => setStep({ name: 'idle' })} />
        ) : step.name === 'codes' ? (
          <BackupCodes codes={step.codes} replaced={step.replaced} email={email} onDone={() => setStep({ name: 'idle' })} />
        ) : (
          <>
            {status.data.required && !enabled ? (
              <p role="status" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
                {TWO_FACTOR_TEXT.requiredNote}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">{enabled ? TWO_FACTOR_TEXT.enabledNote : TWO_FACTOR_TEXT.disabledNote}</p>
            {step.name === 'password' ? (
              <PasswordStep
                turning={step.turning}
                onStarted={({ totpURI, backupCodes }) => setStep({ name: 'scan', uri: totpURI, key: keyOf(totpURI), codes: backupCodes })}
                onTurnedOff={() => setStep({ name: 'idle' })}
                onReplaced={(codes) => setStep({ name: 'codes', codes, replaced: true })}
                onCancel={() => setStep({ name: 'idle' })}
              />
            ) : (
              <div className="flex flex-wrap gap-2">
                {enabled ? (
                  <Button type="button" variant="outline" onClick={() => setStep({ name: 'password', turning: 'codes' })}>
                    <KeyRound aria-hidden /> {TWO_FACTOR_TEXT.regenerate}
                  </Button>
                ) : null}
                <Button type="button" variant={enabled ? 'outline' : 'default'} onClick={() => setStep({ name: 'password', turning: enabled ? 'off' : 'on' })}>
                  {enabled ? TWO_FACTOR_TEXT.turnOff : TWO_FACTOR_TEXT.turnOn}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PasswordStep({
  turning,
  onStarted,
  onTurnedOff,
  onReplaced,
  onCancel,
}: {
  turning: Purpose;
  onStarted: (answer: { totpURI: string; backupCodes: string[] }) => void;
  onTurnedOff: () => void;
  onReplaced: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const pending = start.isPending || disable.isPending || regenerate.isPending;

  const failed = (e: Error) =>
    setError(e instanceof ApiError && e.code === 'invalid_password' ? TWO_FACTOR_TEXT.wrongPassword : e.message || 'Something went wrong. Please try again.');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setError(null);
    if (turning === 'on') start.mutate(password, { onSuccess: onStarted, onError: failed });
    else if (turning === 'codes')
      regenerate.mutate(password, {
        onSuccess: ({ backupCodes }) => {
          toast.success(TWO_FACTOR_TEXT.regenerated);
          onReplaced(backupCodes);
        },
        onError: failed,
      });
    else
      disable.mutate(password, {
        onSuccess: () => {
          toast.success(TWO_FACTOR_TEXT.turnedOff);
          onTurnedOff();
        },
        onError: failed,
      });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <Field
        id="two-factor-password"
        label={TWO_FACTOR_TEXT.passwordLabel}
        error={error}
        hint={turning === 'on' ? TWO_FACTOR_TEXT.passwordToStart : turning === 'codes' ? TWO_FACTOR_TEXT.passwordToRegenerate : TWO_FACTOR_TEXT.passwordToStop}
      >
        <Input
          id="two-factor-password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={turning === 'off' ? 'destructive' : 'default'} disabled={pending}>
          {pending ? <Spinner className="size-4" label="Working" /> : null}
          {turning === 'on' ? TWO_FACTOR_TEXT.continue : turning === 'codes' ? TWO_FACTOR_TEXT.regenerate : TWO_FACTOR_TEXT.turnOff}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {TWO_FACTOR_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function ScanStep({ step, onDone, onCancel }: { step: { uri: string; key: string; codes: string[] }; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmTwoFactor();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError('Please enter the 6-digit code from your app.');
      return;
    }
    setError(null);
    confirm.mutate(value, {
      onSuccess: () => {
        toast.success(TWO_FACTOR_TEXT.turnedOn);
        onDone(step.codes);
      },
      onError: (e) => {
        setCode('');
        setError(e instanceof ApiError && e.status === 401 ? TWO_FACTOR_TEXT.wrongCode : e.message || 'Something went wrong. Please try again.');
      },
    });
  };

  return (
    <div className="space-y-4">
      <h3 className="font-semibold">{TWO_FACTOR_TEXT.scanTitle}</h3>
      <p className="text-sm text-muted-foreground">{TWO_FACTOR_TEXT.scanHelp}</p>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {/* White around the code whatever the theme: scanners need the quiet zone to be light. */}
        <div className="rounded-md bg-white p-3">
          <QRCodeSVG value={step.uri} size={176} marginSize={2} level="M" role="img" aria-label={TWO_FACTOR_TEXT.qrLabel} />
        </div>
        <div className="w-full min-w-0 space-y-1">
          <p className="text-sm font-medium">{TWO_FACTOR_TEXT.manualKey}</p>
          <code id="two-factor-key" className="block rounded-md border bg-muted p-2 font-mono text-sm break-words select-all">
            {grouped(step.key)}
          </code>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="space-y-3">
        <Field id="two-factor-setup-code" label={TWO_FACTOR_TEXT.codeLabel} error={error}>
          <Input
            id="two-factor-setup-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-40 font-mono tracking-[0.3em]"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? <Spinner className="size-4 text-primary-foreground" label="Verifying" /> : null}
            {TWO_FACTOR_TEXT.verify}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {TWO_FACTOR_TEXT.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}

function BackupCodes({ codes, replaced = false, email, onDone }: { codes: string[]; replaced?: boolean; email: string; onDone: () => void }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesFile(codes, email)], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'reelmates-backup-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">{replaced ? TWO_FACTOR_TEXT.newCodesTitle : TWO_FACTOR_TEXT.backupTitle}</h3>
      <p className="text-sm text-muted-foreground">{replaced ? TWO_FACTOR_TEXT.newCodesHelp : TWO_FACTOR_TEXT.backupHelp}</p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden /> {TWO_FACTOR_TEXT.download}
        </Button>
        <Button type="button" onClick={onDone}>
          {TWO_FACTOR_TEXT.done}
        </Button>
      </div>
    </div>
  );
}

/**
 * REQUIRE_ADMIN_2FA: while an admin's account has no two-factor sign-in, the admin routes refuse
 * them, so the admin controls give way to a notice that sends them to the card above.
 */
export function AdminTwoFactorGate({ children }: { children: React.ReactNode }) {
  const status = useQuery(twoFactorQuery);
  // Not before the answer: the panels would ask the admin routes, which may refuse.
  if (status.isPending) return null;
  if (!status.data?.required || status.data.enabled) return <>{children}</>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Controls</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p role="alert" className="text-sm">
          {TWO_FACTOR_TEXT.adminRequired}
        </p>
        <Button type="button" variant="outline" onClick={() => document.getElementById('two-factor')?.scrollIntoView({ block: 'start' })}>
          <ShieldCheck aria-hidden /> {TWO_FACTOR_TEXT.turnOn}
        </Button>
      </CardContent>
    </Card>
  );
}
