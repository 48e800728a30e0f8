import { contactReceiptSchema, contactRequestSchema } from '../support';
import { defineRoutes } from './contract';
import { anyone } from './authz';

/** The contact, bug and feature forms (product rule 16), limited per client address in the database. */
export const supportApi = defineRoutes({
  contact: {
    authz: anyone(),
    method: 'post',
    path: '/contact',
    access: 'visitor',
    tags: ['Support'],
    summary: 'Send a contact inquiry, bug report or feature request to the support team',
    description: 'Stored and queued for mailing to the support address.',
    body: contactRequestSchema,
    status: 201,
    response: contactReceiptSchema,
    rateLimit: {
      bucket: 'contact',
      per: 'address',
      max: 5,
      windowMs: 10 * 60 * 1000,
      message: 'You have sent several messages in a short time. Please try again in a few minutes.',
    },
  },
});
