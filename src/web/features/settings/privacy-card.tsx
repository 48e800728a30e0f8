import { Lock } from 'lucide-react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { OwnProfile } from '@shared/profiles';
import { PRIVACY_SETTINGS } from '@shared/settings';
import { useSaveSettings } from './api';

/** Private account and the show_* switches (ruling 9). Saved at once, each with its own message. */
export function PrivacyCard({ profile }: { profile: OwnProfile }) {
  const save = useSaveSettings(profile.id);
  const change = (setting: (typeof PRIVACY_SETTINGS)[number], on: boolean) =>
    save.mutate(
      { [setting.key]: on },
      {
        onSuccess: () => toast.success('Privacy settings updated', { description: on ? setting.on : setting.off }),
        onError: () => toast.error('Update failed', { description: 'Failed to update privacy settings' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock className="size-5 text-primary" aria-hidden /> Privacy
        </CardTitle>
        <CardDescription>Your name, picture and bio are always visible; choose who sees the rest.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {PRIVACY_SETTINGS.map((s) => (
          <div key={s.key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
            <div>
              <Label htmlFor={`privacy-${s.key}`}>{s.label}</Label>
              <p id={`privacy-${s.key}-hint`} className="mt-1 text-sm text-muted-foreground">
                {s.description}
              </p>
            </div>
            <Switch id={`privacy-${s.key}`} aria-describedby={`privacy-${s.key}-hint`} checked={profile[s.key]} onCheckedChange={(on) => change(s, on)} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
