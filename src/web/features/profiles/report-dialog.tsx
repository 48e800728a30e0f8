import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { REPORT_REASON_MAX, reportBodySchema } from '@shared/social';
import type { z } from 'zod';
import { useReportUser } from './api';

type Values = z.input<typeof reportBodySchema>;

export function ReportDialog({ open, onOpenChange, userId, name }: { open: boolean; onOpenChange: (open: boolean) => void; userId: string; name: string }) {
  const form = useForm<Values, unknown, z.output<typeof reportBodySchema>>({
    resolver: zodResolver(reportBodySchema),
    defaultValues: { reason: '' },
    // As before: the message stays until the next submit.
    reValidateMode: 'onSubmit',
  });
  const send = useReportUser(userId);
  const error = form.formState.errors.reason?.message ?? null;

  const submit = form.handleSubmit(({ reason }) =>
    send.mutate(reason, {
      onSuccess: () => {
        form.reset();
        onOpenChange(false);
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.clearErrors();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Report {name}</DialogTitle>
            <DialogDescription>Tell us what is wrong. Reports go to our moderators and are kept confidential.</DialogDescription>
          </DialogHeader>
          <Field id="report-reason" label="Reason" error={error}>
            <Textarea
              id="report-reason"
              rows={4}
              maxLength={REPORT_REASON_MAX}
              placeholder="Describe the problem..."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'report-reason-error' : undefined}
              {...form.register('reason')}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={send.isPending}>
              {send.isPending ? <Spinner className="size-4 text-destructive-foreground" label="Sending" /> : null}
              Submit Report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
