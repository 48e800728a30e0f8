import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { createThreadSchema, POST_MAX, REPORT_DETAIL_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, THREAD_TITLE_MAX } from '@shared/forums';
import { useCreateThread, useDeleteThread, useReportPost, useUpdateThread } from './api';

type ThreadValues = z.input<typeof createThreadSchema>;

/** Create thread (premium) or edit one's own thread: title 1–200, first post 1–1,000, trimmed (spec 001 §5). */
export function ThreadFormDialog({
  open,
  onOpenChange,
  forumId,
  thread,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forumId: string;
  thread?: { id: string; title: string; content: string };
  onCreated?: (threadId: string) => void;
}) {
  const form = useForm<ThreadValues, unknown, z.output<typeof createThreadSchema>>({
    resolver: zodResolver(createThreadSchema),
    values: thread ? { title: thread.title, content: thread.content } : undefined,
    defaultValues: { title: '', content: '' },
  });
  const create = useCreateThread(forumId);
  const update = useUpdateThread(thread?.id ?? '');
  const pending = create.isPending || update.isPending;
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const done = () => {
      form.reset();
      onOpenChange(false);
    };
    if (thread) update.mutate(values, { onSuccess: done });
    else
      create.mutate(values, {
        onSuccess: (created) => {
          done();
          onCreated?.(created.id);
        },
      });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{thread ? 'Edit Thread' : 'Start a Thread'}</DialogTitle>
            <DialogDescription>Plain text only. Mention someone with @username.</DialogDescription>
          </DialogHeader>
          <Field id="thread-title" label="Title" error={errors.title?.message}>
            <Input id="thread-title" maxLength={THREAD_TITLE_MAX} aria-invalid={errors.title ? true : undefined} {...form.register('title')} />
          </Field>
          <Field id="thread-content" label="First post" error={errors.content?.message}>
            <Textarea id="thread-content" rows={5} maxLength={POST_MAX} aria-invalid={errors.content ? true : undefined} {...form.register('content')} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner className="size-4" label="Saving" /> : null}
              {thread ? 'Save' : 'Create Thread'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Report a thread or a reply; the detail box only for 'other', at most 500 characters (spec 001 §4, §5). */
export function ReportPostDialog({ open, onOpenChange, target }: { open: boolean; onOpenChange: (open: boolean) => void; target: { threadId: string } | { replyId: string } }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const report = useReportPost();
  const close = () => {
    setReason(null);
    setDetail('');
    onOpenChange(false);
  };
  const submit = () => {
    if (!reason) return;
    report.mutate({ ...target, reason, message: reason === 'other' && detail.trim() ? detail.trim() : undefined }, { onSuccess: close });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Report Post</DialogTitle>
          <DialogDescription>Why are you reporting this post? Our moderators will review it.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Reason</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        {reason === 'other' ? (
          <Field id="report-detail" label="Details" hint={`${detail.length}/${REPORT_DETAIL_MAX}`}>
            <Textarea id="report-detail" rows={3} maxLength={REPORT_DETAIL_MAX} value={detail} onChange={(e) => setDetail(e.target.value)} placeholder="Tell us more..." />
          </Field>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={!reason || report.isPending} onClick={submit}>
            {report.isPending ? <Spinner className="size-4" label="Sending" /> : null}
            Submit Report
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteThreadDialog({
  open,
  onOpenChange,
  threadId,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  threadId: string;
  onDeleted?: () => void;
}) {
  const remove = useDeleteThread();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Thread</DialogTitle>
          <DialogDescription>This deletes the thread and all its replies. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(threadId, {
                onSuccess: () => {
                  onOpenChange(false);
                  onDeleted?.();
                },
              })
            }
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
