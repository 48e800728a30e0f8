export const PREMIUM_MONTHLY_USD = 4.99;
export const PREMIUM_YEARLY_USD = 39.99;
export const YEARLY_SAVING_LABEL = 'Save 33%';
export const TRIAL_DAYS = 7;
export const FOUNDING_MEMBER_LIMIT = 1000;
export const FREE_DAILY_MATCHES = 3;

export const FREE_FEATURES = ['3 matches daily', 'Basic name search', 'Profile creation', 'Unlimited messaging', 'Favorites and watchlist', 'Read and join forum discussions'];
export const PREMIUM_FEATURES = [
  'Unlimited matches',
  'Genre filtering of matches',
  'Advanced Discovery',
  'Ad-free experience',
  'Weekly profile boost',
  'Start forum threads',
  'Early access to new features',
  'Priority support',
];

export function formatUsd(amount: number): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(amount);
}
