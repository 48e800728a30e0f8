import { toast } from 'sonner';
import { letterboxdCsv } from '@shared/data-export';
import { type ListItem, listMessages as m } from '@shared/lists';

/** Downloads a list as indented JSON (favorites.json / watchlist.json), with the spec's toasts. */
export function exportList(fileName: string, items: readonly unknown[]) {
  if (!items.length) {
    toast(m.nothingToExport, { description: m.listEmpty });
    return;
  }
  save(fileName, new Blob([JSON.stringify(items, null, 2)], { type: 'application/json' }));
}

/**
 * Downloads the favorite films as favorites-letterboxd.csv, the layout Letterboxd's importer reads
 * (decision 056; series are left out, Letterboxd holds films only).
 */
export function exportLetterboxdCsv(items: readonly (ListItem & { rating?: number })[]) {
  const films = items.filter((i) => i.mediaType === 'movie');
  if (!films.length) {
    toast(m.nothingToExport, { description: m.listEmpty });
    return;
  }
  const csv = letterboxdCsv(films.map((i) => ({ mediaType: i.mediaType, mediaId: i.mediaId, title: i.title, releaseDate: i.releaseDate, rating: i.rating ?? 1 })));
  save('favorites-letterboxd.csv', new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

function save(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  toast.success(m.exportSuccessful);
}
