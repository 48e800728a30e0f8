import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDeleteConversation } from './api';

/** Deleting is permanent for both participants, so it asks first. */
export function DeleteConversationButton({ userId, name, onDeleted }: { userId: string; name: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteConversation(userId);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label="Delete conversation" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete conversation?</DialogTitle>
            <DialogDescription>All messages with {name} will be deleted permanently, for both of you. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
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
    </>
  );
}
