import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { AccountInfoCard } from './account-info-card';
import { useOwnProfile } from './api';
import { DangerZoneCard } from './danger-zone-card';
import { DataExportCard } from './data-export-card';
import { DevicesCard } from './devices-card';
import { EditProfileCard } from './edit-profile-card';
import { EmailChangeCard } from './email-change-card';
import { FavoriteGenresCard } from './favorite-genres-card';
import { ImportCard } from './import-card';
import { NotificationsCard } from './notifications-card';
import { PasskeysCard } from './passkeys-card';
import { PasswordChangeCard } from './password-change-card';
import { PrivacyCard } from './privacy-card';
import { BlockedUsersCard, MutedUsersCard } from './safety-cards';
import { CardSkeleton, LoadFailedCard } from './settings-states';
import { SubscriptionCard } from './subscription-card';
import { AdminTwoFactorGate, TwoFactorCard } from './two-factor-card';

/**
 * Settings, in the spec's card order. `socialLinks` and `adminControls` are slots for the profiles
 * and admin features' cards, which the route page (app/pages/settings-page.tsx) passes in; the
 * admin card is shown to admins only (the server refuses its routes to everyone else).
 */
export function SettingsView({ socialLinks, adminControls }: { socialLinks?: ReactNode; adminControls?: ReactNode }) {
  const { session } = useSession();
  const userId = session?.user?.id ?? '';
  const profile = useOwnProfile(userId);
  const { hash } = useLocation();

  // Mails link to /settings#notifications or #data-export: go there as soon as the cards are drawn
  // (each card, or its skeleton, is there from the first paint), not once the profile has loaded: a
  // loaded machine showed the top of the page for 300 ms first, a jump on a slow phone.
  const drawn = !!session?.user && !!session.access;
  const profileLoaded = useRef(false);
  useEffect(() => {
    profileLoaded.current = !profile.isPending;
  });
  useEffect(() => {
    if (!drawn || !hash) return;
    // A mangled link (#%E0%A4%A) names no card: Settings as it is, not a page that threw.
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    // Looked up each time: #notifications is a skeleton until the profile is in, then the card.
    const scrollToTarget = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
    if (!document.getElementById(id)) return;
    scrollToTarget();
    // The cards above load their own lists after this (devices, passkeys, blocks…) and the profile's
    // cards replace their skeletons, which would push the target out of view: keep it in place while
    // the page settles (until the profile is in and nothing has grown for 1.5 s, at most 15 s: a slow
    // phone's cards can take longer than a fixed 3 s, which a loaded test machine showed), unless the
    // reader scrolls or types first.
    let settled: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      keep.disconnect();
      clearTimeout(settled);
    };
    const settleLater = () => {
      clearTimeout(settled);
      settled = setTimeout(() => (profileLoaded.current ? stop() : settleLater()), 1_500);
    };
    const keep = new ResizeObserver(() => {
      scrollToTarget();
      settleLater();
    });
    keep.observe(document.body);
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const e of events) window.addEventListener(e, stop, { once: true, passive: true });
    const cap = setTimeout(stop, 15_000);
    return () => {
      stop();
      clearTimeout(cap);
      for (const e of events) window.removeEventListener(e, stop);
    };
  }, [drawn, hash]);

  if (!session?.user || !session.access) return <PageSpinner />;
  const retry = () => void profile.refetch();
  return (
    // Every card a link can go to (#data-export, #notifications, #devices…) stops below the sticky header.
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 [&>[id]]:scroll-mt-20">
      <Link to="/profile" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Back to Profile
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      {session.access.isAdmin ? <AdminTwoFactorGate>{adminControls}</AdminTwoFactorGate> : null}
      <AccountInfoCard session={session} />
      <EmailChangeCard current={session.user.email} />
      <PasswordChangeCard username={session.user.username} />
      <TwoFactorCard email={session.user.email} />
      <PasskeysCard />
      <DevicesCard />
      <ImportCard />
      <BlockedUsersCard />
      <MutedUsersCard />
      <DataExportCard />
      {profile.data ? (
        <>
          <EditProfileCard profile={profile.data} />
          {socialLinks}
          <FavoriteGenresCard userId={userId} saved={profile.data.favoriteGenres} />
          <NotificationsCard profile={profile.data} />
          <PrivacyCard profile={profile.data} />
        </>
      ) : profile.isError ? (
        <>
          <LoadFailedCard title="Edit Profile" message="Could not load profile data." onRetry={retry} />
          {socialLinks}
          <LoadFailedCard title="Favorite Genres" message="Could not load your favorite genres." onRetry={retry} />
          <LoadFailedCard id="notifications" title="Notifications" message="Could not load profile data." onRetry={retry} />
          <LoadFailedCard title="Privacy" message="Could not load profile data." onRetry={retry} />
        </>
      ) : (
        <>
          <CardSkeleton title="Edit Profile" rows={4} />
          {socialLinks}
          <CardSkeleton title="Favorite Genres" rows={2} />
          <CardSkeleton id="notifications" title="Notifications" rows={4} />
          <CardSkeleton title="Privacy" rows={4} />
        </>
      )}
      <SubscriptionCard access={session.access} />
      <DangerZoneCard />
    </div>
  );
}
