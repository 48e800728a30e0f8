import { useEffect } from 'react';
import { toast } from 'sonner';
import { useSession } from './session';

const KEY = 'reelmates-trial-reminder';

/** With one trial day left, say so once a day (spec 000 §4). */
export function useTrialReminder() {
  const { session } = useSession();
  const lastDay = session?.access?.isOnTrial && session.access.trialDaysLeft === 1;
  useEffect(() => {
    if (!lastDay) return;
    const today = new Date().toDateString();
    try {
      if (localStorage.getItem(KEY) === today) return;
      localStorage.setItem(KEY, today);
    } catch {
      /* storage off: remind anyway */
    }
    toast.warning('Trial Ending Soon!', { description: 'Your 7-day free trial expires tomorrow. Upgrade now to keep your Premium features.' });
  }, [lastDay]);
}
