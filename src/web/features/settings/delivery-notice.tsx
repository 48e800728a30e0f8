import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { UNDELIVERABLE_NOTICE } from '@shared/mail';
import { useEmailDelivery, useRetryEmailDelivery } from './mail-api';

/**
 * Shown in Settings' e-mail card when the relay refused the user's address for good (decision 049):
 * no notification mail goes to it until it is changed, verified again, or tried again here.
 */
export function DeliveryNotice({ email }: { email: string }) {
  const delivery = useEmailDelivery(!!email, email);
  const retry = useRetryEmailDelivery(email);
  const undeliverable = delivery.data?.undeliverable;
  if (!undeliverable) return null;
  const tryAgain = () =>
    retry.mutate(undefined, {
      onSuccess: () => toast.success('Trying again', { description: `We sent a mail to ${email}. Notification e-mails are back on.` }),
      onError: (err) => toast.error('Error', { description: err.message }),
    });
  return (
    <div role="alert" className="mb-4 flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <div>
          <p className="font-medium">{UNDELIVERABLE_NOTICE}</p>
          <p className="mt-1 text-muted-foreground">
            The mail server answered: <span className="break-all">{undeliverable.reason}</span>
          </p>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={tryAgain} disabled={retry.isPending} className="shrink-0">
        {retry.isPending ? <Spinner className="size-4" label="Trying again" /> : null}
        Try again
      </Button>
    </div>
  );
}
