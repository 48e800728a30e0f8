import { SettingsView } from '@/features/settings/settings-view';

/**
 * /settings. Composed here because the social links card belongs to the profiles feature, and
 * features do not import each other.
 * MERGE: pass the profiles feature's card as `socialLinks={<SocialLinksCard />}` (from @/features/profiles).
 */
export default function SettingsPage() {
  return <SettingsView socialLinks={null} />;
}
