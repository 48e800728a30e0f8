import { Crown, MonitorPlay } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSession } from '@/features/auth/session';
import { UpgradeDialog } from '@/components/marketing/upgrade-dialog';
import { Button } from '@/components/ui/button';

/**
 * 'Watch' streaming (spec 001 §2): a premium prompt for users without Premium, 'Coming Soon' for
 * those with it. Streaming itself does not exist yet.
 */
export function WatchButton({ title }: { title: string }) {
  const { session, isPending } = useSession();
  const [prompt, setPrompt] = useState(false);
  const premium = !!session?.access?.isPremium;
  const watch = () => {
    if (premium) toast('Coming Soon', { description: `Streaming "${title}" on Reelmates is on its way.` });
    else setPrompt(true);
  };
  return (
    <>
      <Button variant={premium ? 'default' : 'premium'} onClick={watch} disabled={isPending}>
        {premium ? <MonitorPlay aria-hidden /> : <Crown aria-hidden />} Watch
      </Button>
      <UpgradeDialog open={prompt} onOpenChange={setPrompt} title="Watch with Premium" description="Streaming on Reelmates is a Premium feature." />
    </>
  );
}
