import { z } from 'zod';
import { devMailboxQuerySchema, devMailboxSchema, devMailParamsSchema } from '../dev-mailbox';
import { defineRoutes } from './contract';
import { anyone } from './authz';

const tags = ['Development'];

/**
 * The dev mailbox (development only, not mounted in production). Every route answers 403 to a
 * client that is not on this machine unless DEV_MAILBOX_REMOTE opens it: its mails hold sign-in
 * and reset links.
 */
export const devMailboxApi = defineRoutes({
  list: {
    authz: anyone(),
    method: 'get',
    path: '/dev/mailbox',
    access: 'visitor',
    tags,
    summary: 'Development only: every mail the app sent, newest first',
    query: devMailboxQuerySchema,
    status: 200,
    response: devMailboxSchema,
    errors: [403],
    cache: 'no-store',
    // Kept ready to send while the address's mails are unchanged (decision 089).
    raw: true,
    conditional: true,
  },
  html: {
    authz: anyone('mail'),
    method: 'get',
    path: '/dev/mailbox/{id}/html',
    access: 'visitor',
    tags,
    summary: 'Development only: the HTML part of one mail, sandboxed for an iframe',
    params: devMailParamsSchema,
    status: 200,
    produces: 'text/html',
    response: z.string().describe('HTML document'),
    errors: [403, 404],
    cache: 'no-store',
  },
});
