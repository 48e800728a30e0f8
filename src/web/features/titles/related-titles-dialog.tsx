import { ArrowUp, RefreshCw } from 'lucide-react';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import type { MediaType, TitleSummary } from '@shared/catalogue';
import { useRelatedTitles } from './api';
import { filterRelated, type RelatedKind } from './related-filter';
import { TitleCard } from './title-card';
import { TitleCardSkeleton } from './title-card-skeleton';
import { titleKey } from './title-list';
import { TitleSearchInput } from './title-search-input';

const KIND_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'movie', label: 'Movies' },
  { value: 'tv', label: 'TV Shows' },
] as const satisfies readonly { value: RelatedKind; label: string }[];

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4';

/**
 * Related titles of one title: recommendations loaded page after page (up to 5) while open,
 * each title once and only with a poster, searchable and filterable by type.
 */
export function RelatedTitlesDialog({
  type,
  id,
  name,
  open,
  onOpenChange,
  onPick,
}: {
  type: MediaType;
  id: number;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (title: TitleSummary, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const related = useRelatedTitles(type, id, open);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<RelatedKind>('all');
  const [scrolled, setScrolled] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // Opened from a plain button (a card's toggle, the details page's), not a DialogTrigger: Radix would leave
  // the focus on <body> when the modal closes, so a keyboard user starts over from the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = related;

  useEffect(() => {
    if (open && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [open, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const titles = useMemo(
    () => filterRelated(related.data?.pages.flatMap((p) => p.results) ?? [], kind, search, titleKey({ mediaType: type, id })),
    [related.data, kind, search, type, id],
  );
  const loadingMore = related.isPending || hasNextPage;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[85dvh] max-w-4xl flex-col gap-0 overflow-hidden p-0"
        onOpenAutoFocus={() => (opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null)}
        onCloseAutoFocus={(e) => {
          if (!opener.current?.isConnected) return;
          e.preventDefault();
          opener.current.focus();
        }}
      >
        <DialogHeader className="gap-3 border-b p-4 pr-12 sm:p-6 sm:pr-14">
          <DialogTitle>Related Titles</DialogTitle>
          <DialogDescription>Movies and TV shows like {name}.</DialogDescription>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <TitleSearchInput value={search} onChange={setSearch} placeholder="Search related titles..." label="Search related titles" className="sm:flex-1" />
            <SegmentedControl label="Related title type" value={kind} options={KIND_OPTIONS} onValueChange={setKind} />
          </div>
        </DialogHeader>
        <div ref={body} onScroll={(e) => setScrolled(e.currentTarget.scrollTop > 300)} className="relative flex-1 overflow-y-auto p-4 sm:p-6">
          {related.isPending ? (
            <div className={GRID} aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <TitleCardSkeleton key={i} />
              ))}
            </div>
          ) : titles.length ? (
            <ul className={GRID} aria-label="Related titles">
              {titles.map((t) => (
                <li key={titleKey(t)} className="flex">
                  <TitleCard title={t} className="w-full" related={false} onNavigate={(e) => onPick(t, e)} />
                </li>
              ))}
            </ul>
          ) : isError ? null : !loadingMore ? (
            <p className="py-10 text-center text-muted-foreground" role="status">
              {search.trim() ? `No related titles match "${search.trim()}".` : 'No related titles found.'}
            </p>
          ) : null}
          {isError ? (
            <div role="alert" className="mt-6 flex flex-col items-center gap-3 text-center">
              <p className="font-medium">Could not load related titles.</p>
              <Button variant="outline" size="sm" onClick={() => void (related.data ? fetchNextPage() : related.refetch())}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          ) : null}
          {!related.isPending && hasNextPage && !isError ? (
            <div className="mt-6 flex justify-center">
              <Spinner className="size-5" label="Loading more related titles" />
            </div>
          ) : null}
        </div>
        {scrolled ? (
          <Button
            size="icon"
            className="absolute right-4 bottom-4 rounded-full shadow-lg"
            onClick={() => body.current?.scrollTo({ top: 0, behavior: 'smooth' })}
            aria-label="Scroll to top"
          >
            <ArrowUp aria-hidden />
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
