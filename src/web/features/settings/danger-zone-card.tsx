import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, api } from '@/lib/api';

export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const remove = async (e: React.SyntheticEvent) => {
    e.preventDefault();
    if (typed !== 'DELETE') {
      toast.error('Confirmation required', { description: "Please type 'DELETE' to confirm account deletion" });
      return;
    }
    setPending(true);
    try {
      await api('/api/accounts/delete', { method: 'POST', body: { confirm: 'DELETE' } });
      queryClient.setQueryData(['session'], { user: null, access: null, signedOut: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      setOpen(false);
      toast.success('Account deleted', { description: 'Your account and your data have been removed.' });
      await navigate('/', { replace: true });
    } catch (err) {
      toast.error('Deletion failed', { description: err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : 'Failed to delete account. Please try again.' });
    } finally {
      setPending(false);
    }
  };

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
        <Dialog open={open} onOpenChange={(v) => { setOpen(v); if (!v) setTyped(''); }}>
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
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
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
                <Button type="submit" variant="destructive" disabled={typed !== 'DELETE' || pending}>
                  {pending ? <Spinner className="size-4 text-destructive-foreground" label="Deleting" /> : null}
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
