import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TitleSummary } from '@shared/catalogue';
import { RelatedTitlesDialog } from './related-titles-dialog';

/**
 * A content card's Related Titles toggle (spec 001 §2): opens that title's related titles in the modal,
 * which loads only once opened. Picking a title there follows its link (the modal closes with the page).
 */
export function RelatedToggle({ title, className }: { title: TitleSummary; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('mt-1 h-7 justify-start gap-1 px-1.5 text-xs text-muted-foreground hover:text-foreground', className)}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={`Related Titles of ${title.title}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Layers className="size-3.5" aria-hidden /> Related Titles
      </Button>
      {open ? <RelatedTitlesDialog type={title.mediaType} id={title.id} name={title.title} open={open} onOpenChange={setOpen} onPick={() => setOpen(false)} /> : null}
    </>
  );
}
