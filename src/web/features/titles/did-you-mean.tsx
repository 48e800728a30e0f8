import { useSuggestion } from './api';

/** "Did you mean <title>?" under a search box, for queries of 3+ characters; clicking searches the suggestion. */
export function DidYouMean({ query, onPick }: { query: string; onPick: (suggestion: string) => void }) {
  const { data: suggestion } = useSuggestion(query);
  if (!suggestion || suggestion.toLowerCase() === query.trim().toLowerCase()) return null;
  return (
    <p className="text-sm text-muted-foreground" role="status">
      Did you mean{' '}
      <button type="button" onClick={() => onPick(suggestion)} className="font-semibold text-primary underline-offset-4 hover:underline focus-visible:underline">
        {suggestion}
      </button>
      ?
    </p>
  );
}
