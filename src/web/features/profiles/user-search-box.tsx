import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { call } from '@/lib/api';
import type { accountsApi } from '@shared/api/accounts';
import { routeRef } from '@shared/api/contract';
import type { ProfileSearchResult } from '@shared/accounts';
import { profileKeys } from './query-keys';
import { useDebounced } from '@/lib/use-debounced';

/** By reference to its contract: the header is on every page, so the table (and Zod) stays out of the first load (see features/auth/session.ts). */
const searchRoute = routeRef<typeof accountsApi.searchProfiles>({ method: 'get', path: '/profiles/search' });

const DEBOUNCE_MS = 300;

/** Header search for people by username or name (visitors and users): 300 ms pause, 10 results, keyboard friendly. */
export function UserSearchBox({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const listId = useId();
  const navigate = useNavigate();
  const { user } = useSession();
  const boxRef = useRef<HTMLDivElement>(null);

  const results = useQuery({
    queryKey: profileKeys.search(q),
    queryFn: ({ signal }) => call(searchRoute, { query: { q } }, { signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
  const items = results.data?.results ?? [];

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  const go = (r: ProfileSearchResult) => {
    setOpen(false);
    setText('');
    // Visitors open the public share link; /profile/{id} is for signed-in users.
    navigate(user ? `/profile/${r.id}` : `/${r.username}`);
  };

  return (
    <div ref={boxRef} className={`relative ${className ?? ''}`}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        role="combobox"
        aria-expanded={open && q.length > 0}
        aria-controls={listId}
        aria-label="Search users"
        placeholder="Search users..."
        className="pl-9"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(items.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Enter' && items[active]) go(items[active]);
          else return;
          e.preventDefault();
        }}
      />
      {open && q.length > 0 ? (
        <ul id={listId} role="listbox" className="absolute z-50 mt-1 max-h-80 w-full overflow-auto rounded-md border bg-popover p-1 shadow-lg">
          {results.isPending ? (
            <li className="flex justify-center p-3">
              <Spinner className="size-5" />
            </li>
          ) : results.isError ? (
            <li className="p-3 text-sm text-muted-foreground">Search is unavailable right now.</li>
          ) : items.length === 0 ? (
            <li className="p-3 text-sm text-muted-foreground">No users found.</li>
          ) : (
            items.map((r, i) => (
              <li key={r.id} role="option" aria-selected={i === active}>
                <button
                  type="button"
                  onClick={() => go(r)}
                  className={`flex w-full items-center gap-3 rounded-sm px-2 py-2 text-left text-sm hover:bg-accent ${i === active ? 'bg-accent' : ''}`}
                >
                  <span className="flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary">
                    {r.avatarUrl ? <img src={r.avatarUrl} alt="" className="size-full object-cover" /> : (r.fullName || r.username).charAt(0).toUpperCase()}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{r.fullName || r.username}</span>
                    <span className="block truncate text-xs text-muted-foreground">@{r.username}</span>
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
