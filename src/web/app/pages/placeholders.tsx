import { ComingSoon } from '@/components/feedback/coming-soon';

// Pages whose features arrive with later issues. Each says what it will hold.
export const MatchesPlaceholder = () => <ComingSoon title="Your Matches" what="People whose favorites overlap with yours." />;
export const MessagesPlaceholder = () => <ComingSoon title="Messages" what="Your conversations with other Reelmates." />;
export const NotificationsPlaceholder = () => <ComingSoon title="Notifications" what="Follows, messages, matches and forum activity." />;
