import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { type DeleteAccountForm, type DeleteAccountFormInput, deleteAccountFormSchema } from '@shared/settings';
import { useDeleteAccount } from './api';

export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccountFormInput, unknown, DeleteAccountForm>({ resolver: zodResolver(deleteAccountFormSchema), defaultValues: { confirm: '' } });
  const typed = form.watch('confirm');
  const deletion = useDeleteAccount();
  const navigate = useNavigate();

  const remove = form.handleSubmit(
    (values) =>
      deletion.mutate(values, {
        onSuccess: async () => {
          setOpen(false);
          toast.success('Account deleted', { description: 'Your account and your data have been removed.' });
          await navigate('/', { replace: true });
        },
        onError: (err) =>
          toast.error('Deletion failed', {
            description: err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : 'Failed to delete account. Please try again.',
          }),
      }),
    (problems) => toast.error('Confirmation required', { description: problems.confirm?.message }),
  );

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <AlertTriangle className="size-5" aria-hidden /> Danger Zone
        </CardTitle>
        <CardDescription>Deleting your account removes your profile, lists, follows and messages for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
        <Dialog
          open={open}
          onOpenChange={(v) => {
            setOpen(v);
            if (!v) form.reset({ confirm: '' });
          }}
        >
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>This cannot be undone. Type DELETE to confirm.</DialogDescription>
            </DialogHeader>
            <form onSubmit={remove} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="delete-confirm">Type DELETE</Label>
                <Input
                  id="delete-confirm"
                  autoComplete="off"
                  {...form.register('confirm')}
                  // Enter still answers while the button is disabled, so a wrong word gets its message.
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void remove(e);
                  }}
                />
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={typed !== 'DELETE' || deletion.isPending}>
                  {deletion.isPending ? <Spinner className="size-4 text-destructive-foreground" label="Deleting" /> : null}
                  Delete my account
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
