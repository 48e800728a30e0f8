import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session';
import { AccountInfoCard } from './account-info-card';
import { DangerZoneCard } from './danger-zone-card';
import { EmailChangeCard } from './email-change-card';
import { PasswordChangeCard } from './password-change-card';
import { SubscriptionCard } from './subscription-card';

/**
 * Settings, in the spec's card order. The profile, social links, genres, notification and privacy
 * cards arrive with the settings issue; admin controls with the admin issue.
 */
export default function SettingsPage() {
  const { session } = useSession();
  if (!session?.user || !session.access) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Link to="/profile" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Back to Profile
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <AccountInfoCard session={session} />
      <EmailChangeCard current={session.user.email} />
      <PasswordChangeCard username={session.user.username} />
      <SubscriptionCard access={session.access} />
      <DangerZoneCard />
    </div>
  );
}
