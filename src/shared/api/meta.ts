import { metaSchema } from '../meta';
import { defineRoutes } from './contract';
import { anyone } from './authz';

/** The offline defaults in use, so the footer can say so. */
export const metaApi = defineRoutes({
  meta: {
    authz: anyone(),
    method: 'get',
    path: '/meta',
    access: 'visitor',
    tags: ['Meta'],
    summary: 'Which offline defaults are in use, so the UI can say so',
    status: 200,
    response: metaSchema,
  },
});
