import { VolumeX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SAFETY_TEXT } from '@shared/safety';

/**
 * A post by someone the viewer muted (issue 20 part 2) is collapsed to one line, 'Post from a
 * muted user', with Show to read it anyway; anything else is shown as it is.
 */
export function MutedPost({ muted, children }: { muted: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (!muted || shown) return children;
  return (
    <div
      data-testid="muted-post"
      className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground"
    >
      <span className="flex items-center gap-2">
        <VolumeX aria-hidden className="size-4" /> {SAFETY_TEXT.mutedPost}
      </span>
      <Button variant="ghost" size="sm" onClick={() => setShown(true)}>
        Show
      </Button>
    </div>
  );
}
