import { AdminControls } from '@/features/admin/admin-controls';
import { useSession } from '@/features/auth/session';
import { SocialLinksCard } from '@/features/profiles/social-links-form';
import { SettingsView } from '@/features/settings/settings-view';

/**
 * /settings. Composed here because the social links card belongs to the profiles feature and the
 * Admin Controls to the admin feature, and features do not import each other.
 */
export default function SettingsPage() {
  const { user } = useSession();
  return <SettingsView socialLinks={user ? <SocialLinksCard userId={user.id} /> : null} adminControls={user ? <AdminControls myId={user.id} /> : null} />;
}
