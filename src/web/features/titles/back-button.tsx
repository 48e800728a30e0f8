import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Back to the page of origin when we came from inside the app, else to /discover. */
export function BackButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn('bg-background/80 backdrop-blur', className)}
      onClick={() => {
        // 'default' is the key of the first page of a visit: there is nothing of ours to go back to.
        if (location.key !== 'default') void navigate(-1);
        else void navigate('/discover');
      }}
    >
      <ArrowLeft aria-hidden /> Back
    </Button>
  );
}
