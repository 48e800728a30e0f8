import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { REPORT_REASON_MAX, REPORT_REASON_REQUIRED } from '@shared/social';
import { reportUser } from './api';

export function ReportDialog({ open, onOpenChange, userId, name }: { open: boolean; onOpenChange: (open: boolean) => void; userId: string; name: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (text: string) => reportUser(userId, text),
    onSuccess: () => {
      toast.success('Report Submitted', { description: 'Thank you. Our team will review this report.' });
      setReason('');
      onOpenChange(false);
    },
    onError: (err) => {
      toast.error('Error', { description: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'An unexpected error occurred. Please try again.' });
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError(REPORT_REASON_REQUIRED);
    setError(null);
    send.mutate(text);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
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
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'report-reason-error' : undefined}
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
