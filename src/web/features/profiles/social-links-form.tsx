import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { SocialLinks } from '@shared/profiles';
import { SOCIAL_LINK_KEYS, SOCIAL_LINK_LABELS, type SocialLinksInput, socialLinksBodySchema } from '@shared/social';
import type { z } from 'zod';
import { useProfile, useUpdateSocialLinks } from './api';
import { SOCIAL_ICONS } from './social-link-icons';

/** The form holds the six fields as typed (strings); the schema's output is what is sent. */
type Values = SocialLinksInput;
const valuesOf = (links: SocialLinks): Values => ({
  instagramUrl: links.instagramUrl ?? '',
  facebookUrl: links.facebookUrl ?? '',
  youtubeUrl: links.youtubeUrl ?? '',
  tiktokUrl: links.tiktokUrl ?? '',
  twitterUrl: links.twitterUrl ?? '',
  linkedinUrl: links.linkedinUrl ?? '',
});

const PLACEHOLDERS: Record<keyof SocialLinks, string> = {
  instagramUrl: 'instagram.com/yourname',
  facebookUrl: 'facebook.com/yourname',
  youtubeUrl: 'youtube.com/@yourname',
  tiktokUrl: 'tiktok.com/@yourname',
  twitterUrl: 'x.com/yourname',
  linkedinUrl: 'linkedin.com/in/yourname',
};

/**
 * The social links editor: six links, trimmed, empty ones cleared, https:// added when missing,
 * anything but http(s) refused (ruling 11). Used in the profile's modal and on the settings page.
 */
export function SocialLinksForm({ initial, onSaved, submitLabel = 'Save Links' }: { initial: SocialLinks; onSaved?: () => void; submitLabel?: string }) {
  // The server's own schema: trimmed, empty cleared, https:// added, anything but http(s) refused.
  const form = useForm<Values, unknown, z.output<typeof socialLinksBodySchema>>({
    resolver: zodResolver(socialLinksBodySchema),
    defaultValues: valuesOf(initial),
  });
  const save = useUpdateSocialLinks();
  const { errors } = form.formState;

  // Validated by the schema; sent as typed (trimmed), for the server to normalise once: a link of
  // 500 characters is valid, the same link with https:// added would no longer be.
  const submit = form.handleSubmit(() => {
    const typed = form.getValues();
    const links = Object.fromEntries(SOCIAL_LINK_KEYS.map((k) => [k, typed[k]?.trim() || null]));
    save.mutate(links, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        onSaved?.();
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {SOCIAL_LINK_KEYS.map((key) => {
        const Icon = SOCIAL_ICONS[key];
        const id = `social-${key}`;
        const error = errors[key]?.message;
        return (
          <Field
            key={key}
            id={id}
            error={error}
            label={
              <span className="inline-flex items-center gap-2">
                <Icon className="size-4" aria-hidden /> {SOCIAL_LINK_LABELS[key]}
              </span>
            }
          >
            <Input
              id={id}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={PLACEHOLDERS[key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(key)}
            />
          </Field>
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The settings page's Social Links card (the lead wires it into settings). */
export function SocialLinksCard({ userId }: { userId: string }) {
  const profile = useProfile({ id: userId });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Social Links</CardTitle>
        <CardDescription>Shown as icons on your profile. Only http:// and https:// links are allowed.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isPending ? (
          <div className="space-y-3">
            {SOCIAL_LINK_KEYS.map((k) => (
              <Skeleton key={k} className="h-10 w-full" />
            ))}
          </div>
        ) : profile.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load social links.
          </p>
        ) : (
          <SocialLinksForm initial={profile.data.socialLinks} />
        )}
      </CardContent>
    </Card>
  );
}
