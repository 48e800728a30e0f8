import { ComingSoon } from '@/components/feedback/coming-soon';

// Pages whose features arrive with later issues. Each says what it will hold.
export const DiscoverPlaceholder = () => <ComingSoon title="Discover" what="Browse trending, popular and filtered movies and TV shows." />;
export const SearchPlaceholder = () => <ComingSoon title="Search" what="Search for users, movies and TV shows." />;
export const AdvancedDiscoverPlaceholder = () => <ComingSoon title="Advanced Discovery" what="Filter titles by genre, year, streaming service and rating." />;
export const MatchesPlaceholder = () => <ComingSoon title="Your Matches" what="People whose favorites overlap with yours." />;
export const DetailsPlaceholder = () => <ComingSoon title="Title details" what="Cast, seasons, where to watch and discussions for a title." />;
export const ProfilePlaceholder = () => <ComingSoon title="Profile" what="Favorites, watchlist, followers and what someone is watching." />;
export const MessagesPlaceholder = () => <ComingSoon title="Messages" what="Your conversations with other Reelmates." />;
export const NotificationsPlaceholder = () => <ComingSoon title="Notifications" what="Follows, messages, matches and forum activity." />;
