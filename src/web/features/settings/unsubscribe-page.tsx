import { BellOff, CheckCircle2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useUnsubscribe, useUnsubscribeView } from './mail-api';

/**
 * The page of a notification mail's unsubscribe link (RFC 8058). Opening it changes nothing (link
 * scanners open links); it says which mails the link turns off and asks to confirm. Mail clients
 * with a one-click button POST the same link instead, with the same effect as Confirm here.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const view = useUnsubscribeView(token);
  const unsubscribe = useUnsubscribe(token);
  const done = unsubscribe.isSuccess || (view.data && !view.data.mailOn);
  const label = view.data?.label ?? '';

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-semibold leading-tight">
            {done ? <CheckCircle2 className="size-5 text-primary" aria-hidden /> : <BellOff className="size-5 text-primary" aria-hidden />}
            {/* Kept whole: a phone's line would otherwise break at the hyphen ("e-" / "mails"). */}
            {done ? (
              'You are unsubscribed'
            ) : (
              <>
                Unsubscribe from <span className="whitespace-nowrap">e-mails</span>
              </>
            )}
          </h1>
          {view.isPending ? (
            <Skeleton className="h-5 w-64" />
          ) : view.isError ? (
            <CardDescription role="alert">{view.error.message}</CardDescription>
          ) : done ? (
            <CardDescription role="status">
              We will no longer e-mail you about <strong className="text-foreground">{label}</strong>. You still see them in your notifications.
            </CardDescription>
          ) : (
            <CardDescription>
              Stop e-mails about <strong className="text-foreground">{label}</strong> ({view.data.description.replace(/\.$/, '').toLowerCase()})?
            </CardDescription>
          )}
        </CardHeader>
        {view.data && !done ? (
          <CardContent className="space-y-2 text-sm text-muted-foreground">
            <p>Only these e-mails stop. You still see them in your notifications in Reelmates, and your other e-mail settings stay as they are.</p>
            {unsubscribe.isError ? (
              <p role="alert" className="text-destructive">
                {unsubscribe.error.message}
              </p>
            ) : null}
          </CardContent>
        ) : null}
        <CardFooter className="flex flex-wrap gap-3">
          {view.data && !done ? (
            <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? <Spinner className="size-4 text-primary-foreground" label="Unsubscribing" /> : null}
              Unsubscribe
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/settings#notifications">Notification settings</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
