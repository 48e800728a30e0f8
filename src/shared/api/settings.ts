import { z } from 'zod';
import {
  avatarUploadResultSchema,
  avatarUploadSchema,
  favoriteGenresResultSchema,
  favoriteGenresSchema,
  profileUpdateSchema,
  settingsUpdateSchema,
  settingsViewSchema,
  uploadParamsSchema,
} from '../settings';
import { defineRoutes } from './contract';
import { anyone, signedIn } from './authz';

const tags = ['Settings'];
const ok = z.object({ ok: z.literal(true) });

/** Settings of one's own profile (spec 000 §2 settings page, §5, §8) and the uploaded avatars. */
export const settingsApi = defineRoutes({
  updateProfile: {
    authz: signedIn,
    method: 'patch',
    path: '/me/profile',
    access: 'user',
    tags,
    summary: 'Edit one’s profile: full name, username (lowercased), bio, avatar (a URL from POST /me/avatar, or empty)',
    body: profileUpdateSchema,
    status: 200,
    response: ok,
    errors: [404, 409],
  },
  uploadAvatar: {
    authz: signedIn,
    method: 'post',
    path: '/me/avatar',
    access: 'user',
    tags,
    summary: 'Upload an avatar (PNG or JPEG, at most 2 MB); answers its URL, which takes effect when saved with PATCH /me/profile',
    description: 'At most 20 uploads per user in 10 minutes (429 with Retry-After beyond).',
    form: avatarUploadSchema,
    status: 201,
    response: avatarUploadResultSchema,
    // The limit is counted in the service, which words its message with the minutes left.
    errors: [413, 415, 429],
  },
  setFavoriteGenres: {
    authz: signedIn,
    method: 'put',
    path: '/me/favorite-genres',
    access: 'user',
    tags,
    summary: 'Replace one’s favorite genres (names from the genre table)',
    body: favoriteGenresSchema,
    status: 200,
    response: favoriteGenresResultSchema,
  },
  updateSettings: {
    authz: signedIn,
    method: 'patch',
    path: '/me/settings',
    access: 'user',
    tags,
    summary: 'Change notification preferences and privacy switches; answers all of them',
    body: settingsUpdateSchema,
    status: 200,
    response: settingsViewSchema,
    errors: [404],
  },
  upload: {
    authz: anyone('upload'),
    method: 'get',
    path: '/uploads/{userId}/{file}',
    access: 'visitor',
    tags,
    summary: 'An uploaded avatar (when our server serves the files)',
    params: uploadParamsSchema,
    status: 200,
    response: z.string().meta({ format: 'binary', description: 'The image' }),
    produces: ['image/png', 'image/jpeg'],
    errors: [404],
  },
});
