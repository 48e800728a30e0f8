import { useQuery } from '@tanstack/react-query';
import { Fingerprint, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { defaultPasskeyName, passkeyProblem } from '@/lib/passkeys';
import { PASSKEY_NAME_MAX, PASSKEY_TEXT, passkeyNameSchema, type PasskeyView } from '@shared/passkeys';
import { passkeysQuery, useAddPasskey, useRemovePasskey, useRenamePasskey } from './passkeys-api';
import { SettingsListRow } from './settings-list-row';
import { IconCardHeader, InlineLoadFailed } from './settings-states';

const added = (iso: string | null) => (iso ? `Added ${new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })}` : 'Added');

/** One's passkeys (issue 20, part 4): add one on this device, rename and remove them. */
export function PasskeysCard() {
  const passkeys = useQuery(passkeysQuery);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);

  const addOne = () => {
    setProblem(null);
    add.mutate(defaultPasskeyName(), {
      onSuccess: () => toast.success(PASSKEY_TEXT.added, { description: 'You can now sign in with it.' }),
      onError: (e) => setProblem(passkeyProblem(e)),
    });
  };
  const removeOne = (p: PasskeyView) =>
    remove.mutate(p.id, {
      onSuccess: () => toast.success(PASSKEY_TEXT.removed, { description: p.name }),
      onError: (e) => toast.error(e instanceof ApiError && e.status === 404 ? PASSKEY_TEXT.notFound : PASSKEY_TEXT.failed),
    });

  return (
    <Card id="passkeys">
      <IconCardHeader icon={Fingerprint} title={PASSKEY_TEXT.title} description={PASSKEY_TEXT.description} />
      <CardContent className="space-y-3">
        {passkeys.isPending ? (
          <div aria-busy="true">
            <Skeleton className="h-14 w-full" />
          </div>
        ) : passkeys.isError ? (
          <InlineLoadFailed message={PASSKEY_TEXT.loadFailed} onRetry={() => void passkeys.refetch()} />
        ) : passkeys.data.passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PASSKEY_TEXT.none}</p>
        ) : (
          <ul aria-label={PASSKEY_TEXT.title} className="divide-y rounded-md border">
            {passkeys.data.passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} busy={remove.isPending && remove.variables === p.id} onRemove={() => setRemoving(p)} />
            ))}
          </ul>
        )}
        {problem ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button type="button" variant="outline" disabled={add.isPending} onClick={addOne}>
          {add.isPending ? <Spinner className="size-4" label={PASSKEY_TEXT.adding} /> : <KeyRound aria-hidden />}
          {PASSKEY_TEXT.add}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={PASSKEY_TEXT.removeTitle}
        description={`“${removing?.name ?? ''}”: ${PASSKEY_TEXT.removeDescription}`}
        confirmLabel={PASSKEY_TEXT.remove}
        onConfirm={() => removing && removeOne(removing)}
      />
    </Card>
  );
}

function PasskeyRow({ passkey: p, busy, onRemove }: { passkey: PasskeyView; busy: boolean; onRemove: () => void }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(p.name);
  const [error, setError] = useState<string | null>(null);
  const inputId = `passkey-name-${p.id}`;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? PASSKEY_TEXT.failed);
    setError(null);
    rename.mutate(
      { id: p.id, name: parsed.data },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(PASSKEY_TEXT.renamed, { description: parsed.data });
        },
        onError: (err) =>
          setError(err instanceof ApiError && err.status === 404 ? PASSKEY_TEXT.notFound : err instanceof ApiError && err.status === 400 ? err.message : PASSKEY_TEXT.failed),
      },
    );
  };

  if (editing) {
    return (
      <li className="p-3 text-sm">
        <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={inputId} className="text-xs font-medium text-muted-foreground">
              {PASSKEY_TEXT.nameLabel}
            </label>
            <Input
              id={inputId}
              value={name}
              maxLength={PASSKEY_NAME_MAX + 10}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={rename.isPending}>
            {PASSKEY_TEXT.save}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setEditing(false);
              setName(p.name);
              setError(null);
            }}
          >
            {PASSKEY_TEXT.cancel}
          </Button>
        </form>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </li>
    );
  }
  return (
    <SettingsListRow
      icon={KeyRound}
      // Wide enough for a name: on a phone the buttons go below it.
      wideName
      name={p.name}
      badge={p.synced ? <Badge variant="secondary">Synced</Badge> : null}
      detail={`${added(p.createdAt)}${p.provider && p.provider !== p.name ? ` · ${p.provider}` : ''}`}
      actions={
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`${PASSKEY_TEXT.rename} ${p.name}`}
            onClick={() => {
              setName(p.name);
              setEditing(true);
            }}
          >
            {PASSKEY_TEXT.rename}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={busy} aria-label={`${PASSKEY_TEXT.remove} ${p.name}`} onClick={onRemove}>
            {PASSKEY_TEXT.remove}
          </Button>
        </div>
      }
    />
  );
}
