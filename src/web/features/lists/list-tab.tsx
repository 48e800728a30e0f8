import { Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { filterListItems, LIST_PAGE_SIZE, listGenres, type ListItem, listMessages as m } from '@shared/lists';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { exportLetterboxdCsv, exportList } from './export-list';
import { GenreFilter } from './genre-filter';
import { ListItemCard } from './list-item-card';
import { ListToolbar } from './list-toolbar';
import { type ListKind, useOwnerListActions } from './use-owner-list-actions';

export function PrivateContent() {
  return (
    <p className="flex items-center justify-center gap-2 rounded-lg border border-dashed p-8 text-muted-foreground">
      <Lock className="size-4" aria-hidden /> {m.contentPrivate}
    </p>
  );
}

export function ListSkeleton() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex gap-3 rounded-lg border p-2.5">
          <Skeleton className="aspect-[2/3] w-16 sm:w-20" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * One tab of the profile lists: search, genre chips, 10 items then 'View More'. `all` is the whole
 * underlying list (favorites or watchlist), which Export and Clear act on; `items` is this tab's part.
 */
export function ListTab({ kind, items, all, isOwn, emptyText }: { kind: ListKind; items: ListItem[]; all: ListItem[]; isOwn: boolean; emptyText: string }) {
  const [search, setSearch] = useState('');
  const [genres, setGenres] = useState<string[]>([]);
  const [shown, setShown] = useState(LIST_PAGE_SIZE);
  const [confirm, setConfirm] = useState<'clear' | ListItem | null>(null);
  const owner = useOwnerListActions(kind);
  const allGenres = useMemo(() => listGenres(items), [items]);
  const filtered = useMemo(() => filterListItems(items, search, genres), [items, search, genres]);
  const label = kind === 'favorites' ? 'favorites' : 'watchlist';

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar
        search={search}
        onSearch={(q) => {
          setSearch(q);
          setShown(LIST_PAGE_SIZE);
        }}
        label={label}
        owner={
          isOwn
            ? {
                onExport: () => exportList(`${kind}.json`, all),
                onExportCsv: kind === 'favorites' ? () => exportLetterboxdCsv(all) : undefined,
                onClear: () => setConfirm('clear'),
                clearing: owner.clearing,
              }
            : null
        }
      />
      <GenreFilter
        genres={allGenres}
        selected={genres}
        onChange={(g) => {
          setGenres(g);
          setShown(LIST_PAGE_SIZE);
        }}
      />
      {filtered.length ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={`${label} items`}>
          {filtered.slice(0, shown).map((item) => (
            <ListItemCard
              key={`${item.mediaType}:${item.mediaId}`}
              item={item}
              onRemove={isOwn ? () => setConfirm(item) : undefined}
              onSetWatching={isOwn && kind === 'watchlist' ? () => void owner.setWatching(item) : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{items.length ? 'No items match your search.' : emptyText}</p>
      )}
      {filtered.length > shown ? (
        <Button variant="outline" className="self-center" onClick={() => setShown((n) => n + LIST_PAGE_SIZE)}>
          View More
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm === 'clear' ? (kind === 'favorites' ? 'Clear all favorites?' : 'Clear your watchlist?') : `Remove from ${label}?`}
        description={
          confirm === 'clear' ? `Every title in your ${label} will be removed. This cannot be undone.` : `${confirm?.title ?? 'This title'} will be removed from your ${label}.`
        }
        confirmLabel={confirm === 'clear' ? 'Clear all' : 'Remove'}
        onConfirm={() => {
          if (confirm === 'clear') void owner.clear();
          else if (confirm) void owner.remove(confirm);
        }}
      />
    </div>
  );
}
