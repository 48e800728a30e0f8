import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { SocialLinks } from '@shared/profiles';
import { SocialLinksForm } from './social-links-form';

export function SocialLinksDialog({ open, onOpenChange, links }: { open: boolean; onOpenChange: (open: boolean) => void; links: SocialLinks }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Social Links</DialogTitle>
          <DialogDescription>Add your profiles elsewhere. Leave a field empty to remove it.</DialogDescription>
        </DialogHeader>
        {open ? <SocialLinksForm initial={links} onSaved={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
