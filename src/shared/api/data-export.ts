import { z } from 'zod';
import { DATA_EXPORT_TEXT, DATA_EXPORTS_PER_DAY, dataExportStateSchema, dataExportTokenSchema } from '../data-export';
import { ownerOnly, signedIn } from './authz';
import { defineRoutes } from './contract';

const tags = ['Data export'];

/** 'Download my data' (issue 21 part 2, decision 056): start an export, follow it, download the ZIP by its mailed link. */
export const dataExportApi = defineRoutes({
  dataExportState: {
    authz: signedIn,
    method: 'get',
    path: '/me/data-export',
    access: 'user',
    tags,
    summary: 'The latest data export and how many were started in the last 24 hours',
    status: 200,
    response: dataExportStateSchema,
  },
  startDataExport: {
    authz: signedIn,
    method: 'post',
    path: '/me/data-export',
    access: 'user',
    tags,
    summary: 'Starts preparing a ZIP of all of one’s data in the background; a mail with a link valid 24 hours follows',
    description: `One export at a time (409 while one is queued or running) and ${DATA_EXPORTS_PER_DAY} a day (429).`,
    status: 202,
    response: dataExportStateSchema,
    errors: [409, 429],
  },
  downloadDataExport: {
    authz: ownerOnly('dataExport'),
    method: 'get',
    path: '/me/data-export/download/{token}',
    access: 'user',
    tags,
    summary: 'The ZIP of a finished export, by the token of the mailed link; only for the account that asked, for 24 hours',
    params: dataExportTokenSchema,
    status: 200,
    response: z.string().meta({ format: 'binary', description: 'The ZIP file' }),
    produces: 'application/zip',
    signInMessage: DATA_EXPORT_TEXT.signIn,
    cache: 'private, no-store',
    errors: [404],
  },
});
