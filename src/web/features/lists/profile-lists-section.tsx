import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import type { OwnProfile, PublicProfile } from '@shared/profiles';
import type { ListItem } from '@shared/lists';
import { profileFavoritesQuery, profileWatchlistQuery } from './api';
import { ListSkeleton, ListTab, PrivateContent } from './list-tab';

type Profile = PublicProfile | OwnProfile;

const trigger =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

function TabBody({ visible, pending, error, children }: { visible: boolean; pending: boolean; error: boolean; children: () => ReactNode }) {
  if (!visible) return <PrivateContent />;
  if (pending) return <ListSkeleton />;
  if (error) return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">Could not load this list. Please try again.</p>;
  return <>{children()}</>;
}

/** The profile's Movies (n), TV Shows (n) and Watchlist (n) tabs (spec 000 §2). The Forums tab comes with the forums. */
export function ProfileListsSection({ profile, extraTabs }: { profile: Profile; extraTabs?: { value: string; label: ReactNode; content: ReactNode }[] }) {
  const favorites = useQuery({ ...profileFavoritesQuery(profile.id), enabled: profile.visible.favorites });
  const watchlist = useQuery({ ...profileWatchlistQuery(profile.id), enabled: profile.visible.watchlist });
  // The server decides what the viewer may see; a list it hides comes back with visible false.
  const favVisible = profile.visible.favorites && favorites.data?.visible !== false;
  const watchVisible = profile.visible.watchlist && watchlist.data?.visible !== false;
  const favItems: ListItem[] = favorites.data?.items ?? [];
  const movies = favItems.filter((i) => i.mediaType === 'movie');
  const shows = favItems.filter((i) => i.mediaType === 'tv');
  const watchItems = watchlist.data?.items ?? [];
  const count = (visible: boolean, loaded: boolean, n: number) => (visible && loaded ? ` (${n})` : '');

  return (
    <Tabs.Root defaultValue="movies" className="flex flex-col gap-4">
      <Tabs.List aria-label="Lists" className="inline-flex max-w-full items-center gap-1 self-start overflow-x-auto rounded-lg bg-muted p-1">
        <Tabs.Trigger value="movies" className={trigger}>
          Movies{count(favVisible, !!favorites.data, movies.length)}
        </Tabs.Trigger>
        <Tabs.Trigger value="tv" className={trigger}>
          TV Shows{count(favVisible, !!favorites.data, shows.length)}
        </Tabs.Trigger>
        <Tabs.Trigger value="watchlist" className={trigger}>
          Watchlist{count(watchVisible, !!watchlist.data, watchItems.length)}
        </Tabs.Trigger>
        {extraTabs?.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={trigger}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="movies" className="outline-none">
        <TabBody visible={favVisible} pending={favorites.isPending} error={favorites.isError}>
          {() => <ListTab kind="favorites" items={movies} all={favItems} isOwn={profile.isOwn} emptyText="No favorite movies yet." />}
        </TabBody>
      </Tabs.Content>
      <Tabs.Content value="tv" className="outline-none">
        <TabBody visible={favVisible} pending={favorites.isPending} error={favorites.isError}>
          {() => <ListTab kind="favorites" items={shows} all={favItems} isOwn={profile.isOwn} emptyText="No favorite TV shows yet." />}
        </TabBody>
      </Tabs.Content>
      <Tabs.Content value="watchlist" className="outline-none">
        <TabBody visible={watchVisible} pending={watchlist.isPending} error={watchlist.isError}>
          {() => <ListTab kind="watchlist" items={watchItems} all={watchItems} isOwn={profile.isOwn} emptyText="The watchlist is empty." />}
        </TabBody>
      </Tabs.Content>
      {extraTabs?.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="outline-none">
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
