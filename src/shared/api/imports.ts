import { currentImportSchema, importConfirmSchema, importIdParamsSchema, importJobSchema, importPreviewSchema, importUploadSchema } from '../imports';
import { ownerOnly, signedIn } from './authz';
import { defineRoutes, type RateLimit } from './contract';

const tags = ['Import'];

/** Reading and matching a file is the costly part: a few previews a user can make in ten minutes. */
const previews: RateLimit = { bucket: 'import-preview', per: 'user', max: 20, windowMs: 10 * 60_000 };

/** Import of favorites and watchlist from Letterboxd, IMDb and Trakt exports, and from a Reelmates data export (issue 21, decision 053). */
export const importsApi = defineRoutes({
  preview: {
    authz: signedIn,
    method: 'post',
    path: '/me/imports',
    access: 'user',
    tags,
    summary: 'Read an export file and match its titles: a preview of what would be imported; nothing is written to the lists',
    description:
      'At most 10 MB and 20,000 rows. 400 for a file that is not a Letterboxd, IMDb or Trakt export or a Reelmates data export. The answer is the preview when matching ends within a few seconds; otherwise it has status `matching` and the preview is read at GET /me/imports/{id}/preview once ready.',
    form: importUploadSchema,
    status: 201,
    response: importPreviewSchema,
    errors: [413, 503],
    rateLimit: previews,
  },
  previewState: {
    authz: ownerOnly('importJob'),
    method: 'get',
    path: '/me/imports/{id}/preview',
    access: 'user',
    tags,
    summary: 'A preview whose titles are being matched: how far it is, and once ready, what it matched',
    params: importIdParamsSchema,
    status: 200,
    response: importPreviewSchema,
    errors: [404, 409],
  },
  confirm: {
    authz: ownerOnly('importJob'),
    method: 'post',
    path: '/me/imports/{id}/confirm',
    access: 'user',
    tags,
    summary: 'Start the import of a preview, with a choice for each ambiguous row to keep; it runs in the background',
    params: importIdParamsSchema,
    body: importConfirmSchema,
    status: 202,
    response: importJobSchema,
    errors: [404, 409],
  },
  current: {
    authz: signedIn,
    method: 'get',
    path: '/me/imports/current',
    access: 'user',
    tags,
    summary: "The user's latest started import (running or finished), if any",
    status: 200,
    response: currentImportSchema,
  },
  job: {
    authz: ownerOnly('importJob'),
    method: 'get',
    path: '/me/imports/{id}',
    access: 'user',
    tags,
    summary: "An import's progress and, once done, its report",
    params: importIdParamsSchema,
    status: 200,
    response: importJobSchema,
    errors: [404],
  },
});
