import { ComingSoon } from '@/components/feedback/coming-soon';

// Pages whose features arrive with later issues. Each says what it will hold.
export const MatchesPlaceholder = () => <ComingSoon title="Your Matches" what="People whose favorites overlap with yours." />;
