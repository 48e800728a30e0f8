import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * What a page that failed to render shows, instead of the router's bare error text: most often its
 * code could not be fetched (the server was restarting or the network dropped, even after the
 * retries of retryImport), which a reload fixes.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const chunk = error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <TriangleAlert className="size-12 text-primary" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p className="mt-2 text-muted-foreground">{chunk ? 'Check your connection, then try again.' : 'An unexpected error occurred. Please try again.'}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
