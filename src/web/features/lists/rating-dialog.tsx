import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { StarPicker } from './star-picker';

/** The rating dialog (spec 001 §2): 1 to 5 stars; the confirm button is disabled at 0. */
export function RatingDialog({
  open,
  onOpenChange,
  title,
  initial,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The current rating of a favorite, or null for a new one. */
  initial: number | null;
  onConfirm: (stars: number) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        {/* Mounted per opening, so the stars start from the current rating each time. */}
        {open ? <RatingForm title={title} initial={initial} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RatingForm({ title, initial, onCancel, onConfirm }: { title: string; initial: number | null; onCancel: () => void; onConfirm: (stars: number) => void }) {
  const [stars, setStars] = useState(initial ?? 0);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{initial === null ? 'Rate and add to favorites' : 'Update your rating'}</DialogTitle>
        <DialogDescription>How would you rate {title}?</DialogDescription>
      </DialogHeader>
      <StarPicker value={stars} onChange={setStars} />
      <p className="text-center text-sm text-muted-foreground" aria-live="polite">
        {stars ? `${stars} of 5 stars` : 'Pick from 1 to 5 stars'}
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={stars === 0} onClick={() => onConfirm(stars)}>
          {initial === null ? 'Add to Favorites' : 'Update Rating'}
        </Button>
      </DialogFooter>
    </>
  );
}
