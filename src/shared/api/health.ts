import { healthSchema } from '../health';
import { defineRoutes } from './contract';
import { anyone } from './authz';

/** The health check; also answered at the front door (server/http/server.ts) from the same probe. */
export const healthApi = defineRoutes({
  health: {
    authz: anyone(),
    method: 'get',
    path: '/health',
    access: 'visitor',
    tags: ['Meta'],
    summary: 'Is the server up, and can it reach its database?',
    description: '200 when the database answers; 503 with status degraded when it does not.',
    status: 200,
    sameBodyOn: 503,
    response: healthSchema,
    cache: 'no-store',
  },
});
