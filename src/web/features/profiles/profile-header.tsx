import { Crown, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { BoostedBadge } from '@/components/boost/boost';
import { DemoBadge } from '@/components/demo/demo-badge';
import { Badge } from '@/components/ui/badge';
import type { ProfileView } from './api';
import { displayName, ProfileAvatar } from './profile-avatar';
import { SocialLinkIcons } from './social-link-icons';

// In the page's language, not the browser's: the server draws the same digits (ADR 094).
const formatCount = (n: number) => n.toLocaleString('en-US');

function Stat({ label, value, onClick }: { label: string; value: number | null; onClick?: () => void }) {
  const body = (
    <>
      <span className="block text-lg font-bold tabular-nums">
        {value === null ? <Lock className="mx-auto size-4 text-muted-foreground" aria-label="Private" /> : formatCount(value)}
      </span>
      <span className="block text-xs text-muted-foreground">{label}</span>
    </>
  );
  return onClick ? (
    <button
      type="button"
      onClick={onClick}
      className="min-w-16 rounded-md px-2 py-1 text-center hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {body}
    </button>
  ) : (
    <div className="min-w-16 px-2 py-1 text-center">{body}</div>
  );
}

/** Avatar, names, badges, bio, counts and social links (spec 000 §2), with the actions below. */
export function ProfileHeader({ profile, onOpenLists, actions }: { profile: ProfileView; onOpenLists: (tab: 'followers' | 'following') => void; actions: ReactNode }) {
  const name = displayName(profile);
  return (
    <section aria-label="Profile" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <ProfileAvatar user={profile} className="size-24 text-4xl" />
        <div className="w-full min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <h1 className="max-w-full text-2xl font-bold tracking-tight break-words sm:truncate">{name}</h1>
            {profile.foundingMember ? (
              <Badge variant="gold">
                <Crown aria-hidden /> Founding Member
              </Badge>
            ) : null}
            <BoostedBadge expiresAt={profile.boostExpiresAt} />
            <DemoBadge isDemo={profile.isDemo} />
          </div>
          <p className="text-sm text-muted-foreground">@{profile.username}</p>
          {profile.bio ? <p className="max-w-prose text-sm whitespace-pre-line break-words">{profile.bio}</p> : null}
          <div className="flex flex-wrap justify-center gap-1 pt-1 sm:justify-start">
            <Stat label="Followers" value={profile.followersCount} onClick={() => onOpenLists('followers')} />
            <Stat label="Following" value={profile.followingCount} onClick={() => onOpenLists('following')} />
            <Stat label="Favorites" value={profile.favoritesCount} />
            <Stat label="Watchlist" value={profile.watchlistCount} />
          </div>
          <div className="flex justify-center sm:justify-start">
            <SocialLinkIcons links={profile.socialLinks} />
          </div>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap justify-center gap-2 sm:justify-start">{actions}</div>
    </section>
  );
}
