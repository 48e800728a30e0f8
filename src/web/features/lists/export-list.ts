import { toast } from 'sonner';
import { listMessages as m } from '@shared/lists';

/** Downloads a list as indented JSON (favorites.json / watchlist.json), with the spec's toasts. */
export function exportList(fileName: string, items: readonly unknown[]) {
  if (!items.length) {
    toast(m.nothingToExport, { description: m.listEmpty });
    return;
  }
  const blob = new Blob([JSON.stringify(items, null, 2)], { type: 'application/json' });
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
