import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import type { OwnProfile } from '@shared/profiles';
import { BIO_MAX, type ProfileFormInput, type ProfileFormOutput, profileFormSchema } from '@shared/settings';
import { useSaveProfile } from './api';
import { AvatarField } from './avatar-field';
import { UsernameStatus } from './username-status';
import { useUsernameCheck } from '@/lib/use-username-check';

const valuesOf = (p: OwnProfile): ProfileFormInput => ({ fullName: p.fullName ?? '', username: p.username, bio: p.bio ?? '', avatarUrl: p.avatarUrl ?? '' });

/** Full name, username, bio and avatar (spec 000 §5 profile form). */
export function EditProfileCard({ profile }: { profile: OwnProfile }) {
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({ resolver: zodResolver(profileFormSchema), defaultValues: valuesOf(profile), mode: 'onTouched' });
  const save = useSaveProfile(profile.id);
  const { errors, isDirty } = form.formState;
  const username = form.watch('username');
  const avatarUrl = form.watch('avatarUrl');
  const check = useUsernameCheck(username, { form: 'profile', current: profile.username });

  // After a save the profile is refetched: the form starts again from what was stored. Only these
  // four values count, so a privacy switch changing the cached profile keeps unsaved edits.
  const stored = JSON.stringify(valuesOf(profile));
  useEffect(() => {
    form.reset(JSON.parse(stored) as ProfileFormInput);
  }, [form, stored]);

  const submit = form.handleSubmit(async (values) => {
    if (check.state === 'taken') {
      form.setError('username', { message: 'Username is already taken' });
      return;
    }
    try {
      await save.mutateAsync(values);
      // What was saved (trimmed, lowercased) is the new starting point, also before the refetch lands.
      form.reset(values);
      toast.success('Your settings have been saved.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) form.setError('username', { message: error.message });
      else if (error instanceof ApiError && error.details) {
        for (const [field, messages] of Object.entries(error.details)) {
          if (field in values) form.setError(field as keyof ProfileFormInput, { message: messages[0] });
        }
      }
      toast.error('Error', { description: 'Could not update profile.' });
    }
  });

  const described = (name: keyof ProfileFormInput, hint = false) => (errors[name] ? `profile-${name}-error` : hint ? `profile-${name}-hint` : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit Profile</CardTitle>
        <CardDescription>How others see you on Reelmates.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5">
          <AvatarField value={avatarUrl} initial={profile.avatarUrl ?? ''} onChange={(url) => form.setValue('avatarUrl', url, { shouldDirty: true })} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="profile-fullName" label="Full name" error={errors.fullName?.message}>
              <Input
                id="profile-fullName"
                autoComplete="name"
                aria-invalid={errors.fullName ? true : undefined}
                aria-describedby={described('fullName')}
                {...form.register('fullName')}
              />
            </Field>
            <Field id="profile-username" label="Username" error={errors.username?.message} hint={<UsernameStatus check={check} />}>
              <Input
                id="profile-username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.username || check.state === 'taken' ? true : undefined}
                aria-describedby={described('username', true)}
                {...form.register('username')}
              />
            </Field>
          </div>
          <Field
            id="profile-bio"
            label="Bio"
            error={errors.bio?.message}
            hint={
              <span aria-live="polite">
                {form.watch('bio').length}/{BIO_MAX}
              </span>
            }
          >
            <Textarea
              id="profile-bio"
              rows={3}
              placeholder="Tell people what you love to watch"
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby={described('bio', true)}
              {...form.register('bio')}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending || !isDirty}>
              {save.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
              Save Changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
