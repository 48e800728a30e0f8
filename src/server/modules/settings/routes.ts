import { createRoute, z } from '@hono/zod-openapi';
import { favoriteGenresSchema, profileUpdateSchema, settingsStateSchema, settingsUpdateSchema } from '../../../shared/settings';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { requireUser } from '../accounts/guards';
import { setFavoriteGenres, updateProfile, updateSettings, uploadAvatar } from './service';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const ok = json(z.object({ ok: z.literal(true) }));

const patchProfile = createRoute({
  method: 'patch',
  path: '/me/profile',
  ...access.user,
  summary: 'Edit one’s profile: full name, username (lowercased), bio, avatar (a URL from POST /me/avatar, or empty)',
  request: jsonBody(profileUpdateSchema),
  responses: { 200: ok, 400: errorSchemaRef, 401: errorSchemaRef, 409: errorSchemaRef },
});

const avatarFile = z
  .custom<File>((v) => v instanceof File, 'Please choose an image to upload.')
  .openapi({ type: 'string', format: 'binary', description: 'A PNG or JPEG image, at most 2 MB' });

const postAvatar = createRoute({
  method: 'post',
  path: '/me/avatar',
  ...access.user,
  summary: 'Upload an avatar (PNG or JPEG, at most 2 MB); answers its URL, which takes effect when saved with PATCH /me/profile',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: avatarFile }) } } } },
  responses: { 201: json(z.object({ url: z.string() })), 400: errorSchemaRef, 401: errorSchemaRef, 413: errorSchemaRef, 429: errorSchemaRef },
});

const putGenres = createRoute({
  method: 'put',
  path: '/me/favorite-genres',
  ...access.user,
  summary: 'Replace one’s favorite genres (names from the genre table)',
  request: jsonBody(favoriteGenresSchema),
  responses: { 200: json(z.object({ genres: z.array(z.string()) })), 400: errorSchemaRef, 401: errorSchemaRef },
});

const patchSettings = createRoute({
  method: 'patch',
  path: '/me/settings',
  ...access.user,
  summary: 'Change notification preferences and privacy switches; answers all of them',
  request: jsonBody(settingsUpdateSchema),
  responses: {
    200: json(settingsStateSchema),
    400: errorSchemaRef,
    401: errorSchemaRef,
  },
});

const getUpload = createRoute({
  method: 'get',
  path: '/uploads/{userId}/{file}',
  ...access.visitor,
  summary: 'An uploaded avatar (when our server serves the files)',
  request: {
    params: z.object({
      userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      file: z.string().regex(/^\d{1,16}\.(?:png|jpg)$/),
    }),
  },
  responses: { 200: { description: 'The image', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } }, 404: errorSchemaRef },
});

/** Settings of one's own profile (spec 000 §2 settings page, §5, §8). */
export function settingsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/me/*', requireUser(deps));
  return router
    .openapi(patchProfile, async (c) => {
      await updateProfile(deps, c.get('user').id, c.req.valid('json'));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(postAvatar, async (c) => {
      const { file } = c.req.valid('form');
      const url = await uploadAvatar(deps, c.get('user').id, Buffer.from(await file.arrayBuffer()));
      return c.json({ url }, 201);
    })
    .openapi(putGenres, async (c) => c.json({ genres: await setFavoriteGenres(deps, c.get('user').id, c.req.valid('json').genres) }, 200))
    .openapi(patchSettings, async (c) => c.json(await updateSettings(deps, c.get('user').id, c.req.valid('json')), 200))
    .openapi(getUpload, async (c) => {
      const { userId, file } = c.req.valid('param');
      const stored = await deps.storage.get(`${userId}/${file}`);
      if (!stored) throw errors.notFound('No such file.');
      // Names are never reused ({timestamp}.{ext}), so a file can be cached for good.
      return c.body(new Uint8Array(stored.body), 200, {
        'Content-Type': stored.contentType,
        'Content-Length': String(stored.body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
