/** Search runs after a 500 ms pause, and only when the query is non-empty (spec 001 §5). */
export const SEARCH_DEBOUNCE_MS = 500;
