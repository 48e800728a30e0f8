import { settingsApi } from '../../../shared/api/settings';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { routeTable } from '../accounts/guards';
import { setFavoriteGenres, updateProfile, updateSettings, uploadAvatar } from './service';

/** The handlers of src/shared/api/settings.ts; events start in the service. */
export function settingsRoutes(deps: AppDeps) {
  return routeTable(deps, settingsApi, {
    updateProfile: async (c) => {
      await updateProfile(deps, c.get('user').id, c.req.valid('json'));
      return c.json({ ok: true as const }, 200);
    },
    uploadAvatar: async (c) => {
      const { file } = c.req.valid('form');
      return c.json({ url: await uploadAvatar(deps, c.get('user').id, Buffer.from(await file.arrayBuffer())) }, 201);
    },
    setFavoriteGenres: async (c) => c.json({ genres: await setFavoriteGenres(deps, c.get('user').id, c.req.valid('json').genres) }, 200),
    updateSettings: async (c) => c.json(await updateSettings(deps, c.get('user').id, c.req.valid('json')), 200),
    upload: async (c) => {
      const { userId, file } = c.req.valid('param');
      const stored = await deps.storage.get(`${userId}/${file}`);
      if (!stored) throw errors.notFound('No such file.');
      // A name is the hash of its bytes (or, before that, its upload time): never reused for other bytes, so cached for good.
      return c.body(new Uint8Array(stored.body), 200, {
        'Content-Type': stored.contentType,
        'Content-Length': String(stored.body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  });
}
