import { type LucideIcon, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A card's place while the profile loads. */
export function CardSkeleton({ id, title, rows }: { id?: string; title: string; rows: number }) {
  return (
    <Card id={id} aria-busy="true">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <Skeleton className="h-4 w-2/3" />
      </CardHeader>
      <CardContent className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}

/** A card whose data could not be loaded, with the spec's message and a way to try again. */
export function LoadFailedCard({ id, title, message, onRetry }: { id?: string; title: string; message: string; onRetry: () => void }) {
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <InlineLoadFailed message={message} onRetry={onRetry} />
      </CardContent>
    </Card>
  );
}

/** Inside a card: its list could not be loaded, with the message and a way to try again. */
export function InlineLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}

/** A Settings card's header: its icon and title, and what the card is for. */
export function IconCardHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <CardHeader>
      <CardTitle className="flex items-center gap-2">
        <Icon className="size-5 text-primary" aria-hidden /> {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
