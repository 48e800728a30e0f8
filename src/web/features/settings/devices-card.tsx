import { useQuery } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, RefreshCw, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { SESSION_TEXT, type SessionView } from '@shared/sessions';
import { sessionsQuery, useSignOutOthers, useSignOutSession } from './api';

const ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet, unknown: MonitorSmartphone } as const;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const nameOf = (s: SessionView) => `${s.browser} on ${s.os}`;

/** Where the account is signed in (issue 20, part 5): sign out one device, or every other one. */
export function DevicesCard() {
  const sessions = useQuery(sessionsQuery);
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.sessions.filter((s) => !s.current) ?? [];

  const endOne = (s: SessionView) =>
    signOut.mutate(s.id, {
      onSuccess: () => toast.success(SESSION_TEXT.signedOut, { description: nameOf(s) }),
      // 404: it had ended already (elsewhere, or expired); the list refetches either way.
      onError: (e) => toast.error(e instanceof ApiError && e.status === 404 ? SESSION_TEXT.notFound : SESSION_TEXT.signOutFailed),
    });
  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => toast.success(SESSION_TEXT.signedOutOthers(signedOut)),
      onError: () => toast.error(SESSION_TEXT.signOutFailed),
    });

  return (
    <Card id="devices">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-primary" aria-hidden /> {SESSION_TEXT.title}
        </CardTitle>
        <CardDescription>{SESSION_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div aria-busy="true" className="space-y-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-destructive">
              {SESSION_TEXT.loadFailed}
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : (
          <ul aria-label={SESSION_TEXT.title} className="divide-y rounded-md border">
            {sessions.data.sessions.map((s) => {
              const Icon = ICONS[s.device];
              const busy = signOut.isPending && signOut.variables === s.id;
              return (
                <li key={s.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {nameOf(s)}
                      {s.current ? <Badge variant="secondary">{SESSION_TEXT.current}</Badge> : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Signed in {when(s.signedInAt)} · last active {when(s.lastActiveAt)}
                    </p>
                  </div>
                  {s.current ? null : (
                    <Button type="button" variant="outline" size="sm" disabled={busy} aria-label={`${SESSION_TEXT.signOut} ${nameOf(s)}`} onClick={() => endOne(s)}>
                      {SESSION_TEXT.signOut}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {sessions.isSuccess && others.length === 0 ? <p className="mt-3 text-sm text-muted-foreground">{SESSION_TEXT.noOthers}</p> : null}
      </CardContent>
      <CardFooter>
        <Button type="button" variant="outline" disabled={others.length === 0 || signOutOthers.isPending} onClick={() => setConfirming(true)}>
          {SESSION_TEXT.signOutOthers}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${SESSION_TEXT.signOutOthers}?`}
        description={`${others.length === 1 ? 'One other device is' : `${others.length} other devices are`} signed out at once; this one stays signed in.`}
        confirmLabel={SESSION_TEXT.signOutOthers}
        onConfirm={endOthers}
      />
    </Card>
  );
}
