import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { TitleSummary } from '@shared/catalogue';
import { RelatedTitlesDialog } from './related-titles-dialog';

/**
 * A content card's Related Titles toggle (spec 001 §2): opens that title's related titles in the modal,
 * which loads only once opened. Picking a title there follows its link (the modal closes with the page).
 */
export function RelatedToggle({ title }: { title: TitleSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="mt-1 h-7 justify-start gap-1 px-1.5 text-xs text-muted-foreground hover:text-foreground"
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
