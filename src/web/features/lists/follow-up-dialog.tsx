import { MessagesSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { listMessages } from '@shared/lists';
import type { ActionTitle } from './use-list-actions';

/** After a new favorite: 'Want to talk about {title} with others?' (spec 001 §2). */
export function FollowUpDialog({
  title,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  title: ActionTitle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back to on closing (it opens on its own, with no trigger to return to). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const navigate = useNavigate();
  const join = () => {
    onOpenChange(false);
    const section = document.getElementById('discussions');
    // On the details page the forum section is right there; from a card, go to the title's page.
    if (section) setTimeout(() => section.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
    else void navigate(`/details/${title.mediaType}/${title.mediaId}`);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{listMessages.followUp(title.title)}</DialogTitle>
          <DialogDescription>Share what you loved about it in the discussions, and find people who feel the same.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button onClick={join}>
            <MessagesSquare aria-hidden /> Join Discussion
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
