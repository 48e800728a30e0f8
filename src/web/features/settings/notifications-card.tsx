import { Bell } from 'lucide-react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import type { NotifyPreference, OwnProfile } from '@shared/profiles';
import { NOTIFY_SETTINGS, type NotifySettingKey } from '@shared/settings';
import { useSaveSettings } from './api';

const OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'popup', label: 'Popup' },
  { value: 'email', label: 'Email' },
  { value: 'both', label: 'Both' },
] as const satisfies readonly { value: NotifyPreference; label: string }[];

/** Per event: none, popup, email or both (ruling 8). Saved at once on change. Mails link to #notifications. */
export function NotificationsCard({ profile }: { profile: OwnProfile }) {
  const save = useSaveSettings(profile.id);
  const change = (key: NotifySettingKey, value: NotifyPreference) =>
    save.mutate(
      { [key]: value },
      {
        onSuccess: () => toast.success('Settings updated', { description: 'Your notification preferences have been saved.' }),
        onError: () => toast.error('Update failed', { description: 'Failed to update notification settings.' }),
      },
    );

  return (
    <Card id="notifications">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden /> Notifications
        </CardTitle>
        <CardDescription>Popup shows it in the app; email sends you a mail; both does both.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {NOTIFY_SETTINGS.map((s) => (
          <div key={s.key} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-sm font-medium">{s.label}</p>
              <p className="text-sm text-muted-foreground">{s.description}</p>
            </div>
            <SegmentedControl label={s.label} value={profile[s.key]} options={OPTIONS} onValueChange={(v) => change(s.key, v)} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
