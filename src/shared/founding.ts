export interface FoundingStats {
  /** Verified accounts that took a founding spot. */
  count: number;
  limit: number;
  remaining: number;
}
