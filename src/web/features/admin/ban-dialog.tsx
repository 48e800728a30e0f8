import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { BAN_REASON_MAX } from '@shared/admin';

/** Asks for the ban's reason, which the banned user is told when they try to sign in. */
export function BanDialog({
  username,
  open,
  busy,
  onOpenChange,
  onBan,
}: {
  username: string;
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onBan: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed) onBan(trimmed);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Ban @{username}</DialogTitle>
            <DialogDescription>They are signed out everywhere and told this reason when they try to sign in.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="ban-reason">Reason</Label>
            <Textarea id="ban-reason" value={reason} maxLength={BAN_REASON_MAX} onChange={(e) => setReason(e.target.value)} autoFocus />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!trimmed || busy}>
              Ban user
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
