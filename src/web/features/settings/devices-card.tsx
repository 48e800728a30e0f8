import { useQuery } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { SESSION_TEXT, type SessionView } from '@shared/sessions';
import { sessionsQuery, useSignOutOthers, useSignOutSession } from './api';
import { SettingsListRow } from './settings-list-row';
import { IconCardHeader, InlineLoadFailed } from './settings-states';

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
      <IconCardHeader icon={MonitorSmartphone} title={SESSION_TEXT.title} description={SESSION_TEXT.description} />
      <CardContent>
        {sessions.isPending ? (
          <div aria-busy="true" className="space-y-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <InlineLoadFailed message={SESSION_TEXT.loadFailed} onRetry={() => void sessions.refetch()} />
        ) : (
          <ul aria-label={SESSION_TEXT.title} className="divide-y rounded-md border">
            {sessions.data.sessions.map((s) => {
              const busy = signOut.isPending && signOut.variables === s.id;
              return (
                <SettingsListRow
                  key={s.id}
                  icon={ICONS[s.device]}
                  name={nameOf(s)}
                  badge={s.current ? <Badge variant="secondary">{SESSION_TEXT.current}</Badge> : null}
                  detail={`Signed in ${when(s.signedInAt)} · last active ${when(s.lastActiveAt)}`}
                  actions={
                    s.current ? null : (
                      <Button type="button" variant="outline" size="sm" disabled={busy} aria-label={`${SESSION_TEXT.signOut} ${nameOf(s)}`} onClick={() => endOne(s)}>
                        {SESSION_TEXT.signOut}
                      </Button>
                    )
                  }
                />
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
