import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { AVATAR_MAX_BYTES } from '@shared/settings';
import { useUploadAvatar } from './api';

/**
 * The avatar picker of the edit-profile form. Uploading only returns the new picture's URL; it
 * becomes the avatar when the form is saved (spec 000 §4: takes effect only after Save Changes).
 */
export function AvatarField({ value, initial, onChange }: { value: string; initial: string; onChange: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const uploading = upload.isPending;

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error('Upload failed', { description: 'The image must be 2 MB or smaller.' });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => onChange(url),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) toast.error('Authentication Error', { description: 'You must be logged in to upload an avatar.' });
        else toast.error('Upload failed', { description: error instanceof ApiError && error.status !== 0 && error.message ? error.message : 'Could not upload avatar.' });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-2xl font-semibold text-primary">
        {value ? <img src={value} alt="Your avatar" className="size-full object-cover" /> : <ImageUp className="size-7" aria-hidden />}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input ref={input} id="avatar-file" type="file" accept="image/png,image/jpeg" className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => pick(e.target.files?.[0])} />
          <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
            {uploading ? <Spinner className="size-4" label="Uploading" /> : <ImageUp aria-hidden />}
            {uploading ? 'Uploading...' : 'Upload picture'}
          </Button>
          {value ? (
            <Button type="button" variant="ghost" size="sm" disabled={uploading} onClick={() => onChange('')}>
              <Trash2 aria-hidden /> Remove
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">PNG or JPG, at most 2 MB.{value !== initial ? ' The new picture is used when you save your changes.' : ''}</p>
      </div>
    </div>
  );
}
