import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type ProfileTarget, type ProfileView, useFollowToggle } from './api';

/** Follow / Following: flips at once and reverts if the server refuses (spec 000 §4). */
export function FollowButton({ profile, target }: { profile: ProfileView; target: ProfileTarget }) {
  const toggle = useFollowToggle(target);
  const following = profile.viewerFollows;
  return (
    <Button
      type="button"
      variant={following ? 'outline' : 'default'}
      aria-pressed={following}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ userId: profile.id, follow: !following })}
    >
      {following ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
