import { cn } from '@/lib/utils';
import { splitMentions } from '@shared/forums';

/**
 * A post's plain text (ruling 24): rendered as text nodes only, never as HTML, links left as text,
 * line breaks kept, and `@username` mentions highlighted.
 */
export function PostText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('text-sm break-words whitespace-pre-wrap', className)}>
      {splitMentions(text).map((part, i) =>
        part.mention ? (
          <span key={i} className="font-medium text-primary" data-mention>
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 hours ago' in the user's locale (ruling 18); 'just now' under a minute. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return 'just now';
}
