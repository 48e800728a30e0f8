import { importsApi } from '../../../shared/api/imports';
import { IMPORT_MAX_BYTES, importMessages } from '../../../shared/imports';
import type { AppDeps } from '../../deps';
import { AppError, errorResponse, handleError } from '../../http/errors';
import { CatalogueUnavailableError } from '../../integrations/catalogue';
import { routeTable } from '../accounts/guards';
import { confirmImport, createPreview, currentImport, getImport, readPreview } from './service';

/** The handlers of src/shared/api/imports.ts (issue 21 part 1). */
export function importRoutes(deps: AppDeps) {
  const router = routeTable(deps, importsApi, {
    preview: async (c) => {
      const { file } = c.req.valid('form');
      if (file.size > IMPORT_MAX_BYTES) throw new AppError(413, 'payload_too_large', importMessages.tooLarge);
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await createPreview(deps, c.get('user').id, file.name, bytes), 201);
    },
    previewState: async (c) => c.json(await readPreview(deps, c.get('user').id, c.req.valid('param').id), 200),
    confirm: async (c) => c.json(await confirmImport(deps, c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 202),
    current: async (c) => c.json({ job: await currentImport(deps, c.get('user').id) }, 200),
    job: async (c) => c.json(await getImport(deps, c.get('user').id, c.req.valid('param').id), 200),
  });
  router.onError((err, c) => {
    if (!(err instanceof CatalogueUnavailableError)) return handleError(err, c);
    c.get('logger').warn({ err, path: c.req.path }, 'catalogue unavailable');
    c.header('Retry-After', '30');
    return errorResponse(c, 503, 'catalogue_unavailable', 'The movie database is not answering right now. Please try again in a moment.');
  });
  return router;
}
