import { Film } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Film className="size-12 text-primary" aria-hidden />
      <p className="mt-4 text-6xl font-black tracking-tight">404</p>
      <h1 className="mt-2 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-muted-foreground">This scene didn't make the final cut. The page you are looking for does not exist.</p>
      <Button asChild className="mt-6">
        <Link to="/">Go back home</Link>
      </Button>
    </div>
  );
}
