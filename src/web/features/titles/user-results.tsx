import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ProfileSearchResult } from '@shared/accounts';

interface Props {
  users: ProfileSearchResult[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/** The Users section of /search: 10 people a page with Load More, each linking to their profile. */
export function UserResults({ users, hasNextPage, isFetchingNextPage, onLoadMore }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Users">
        {users.map((u) => {
          const name = u.fullName || u.username;
          return (
            <li key={u.id}>
              <Link
                to={`/profile/${u.id}`}
                className="flex items-center gap-3 rounded-xl border bg-card p-3 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-lg font-semibold text-primary">
                  {u.avatarUrl ? <img src={u.avatarUrl} alt="" loading="lazy" className="size-full object-cover" /> : <span aria-hidden>{name.charAt(0).toUpperCase()}</span>}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{name}</span>
                  <span className="block truncate text-sm text-muted-foreground">@{u.username}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" onClick={onLoadMore} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner className="size-4" label="Loading more" /> : null}
            Load More
          </Button>
        </div>
      ) : null}
    </div>
  );
}
