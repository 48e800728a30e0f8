import { Download, FileSpreadsheet, Search, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The search box and, for the owner, Export and Clear. */
export function ListToolbar({
  search,
  onSearch,
  label,
  owner,
}: {
  search: string;
  onSearch: (q: string) => void;
  /** 'favorites' or 'watchlist', for the buttons' accessible names. */
  label: string;
  /** `onExportCsv`: the favorites' Letterboxd CSV, next to the JSON export. */
  owner: { onExport: () => void; onExportCsv?: () => void; onClear: () => void; clearing: boolean } | null;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" value={search} onChange={(e) => onSearch(e.target.value)} placeholder="Search content..." aria-label={`Search ${label}`} className="pl-9" />
      </div>
      {owner ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={owner.onExport} aria-label={`Export ${label}`}>
            <Download aria-hidden /> Export
          </Button>
          {owner.onExportCsv ? (
            <Button variant="outline" onClick={owner.onExportCsv} aria-label={`Download ${label} as Letterboxd CSV`}>
              <FileSpreadsheet aria-hidden /> Letterboxd CSV
            </Button>
          ) : null}
          <Button variant="outline" onClick={owner.onClear} disabled={owner.clearing} aria-label={`Clear ${label}`} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden /> Clear
          </Button>
        </div>
      ) : null}
    </div>
  );
}
