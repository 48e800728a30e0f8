import { emailDeliverySchema, unsubscribeParamsSchema, unsubscribeViewSchema } from '../mail';
import { defineRoutes } from './contract';
import { anyone, signedIn } from './authz';

const tags = ['Mail'];

/** One-click unsubscribe from notification mails (RFC 8058) and the deliverability of one's address (issue 26). */
export const mailApi = defineRoutes({
  unsubscribeView: {
    authz: anyone('unsubscribe'),
    method: 'get',
    path: '/unsubscribe/{token}',
    access: 'visitor',
    tags,
    summary: 'What an unsubscribe link would turn off; changes nothing (link scanners fetch links)',
    params: unsubscribeParamsSchema,
    status: 200,
    response: unsubscribeViewSchema,
    cache: 'no-store',
    errors: [404],
  },
  unsubscribe: {
    authz: anyone('unsubscribe'),
    method: 'post',
    path: '/unsubscribe/{token}',
    access: 'visitor',
    tags,
    summary: 'Turns off the link’s kind of notification mail for its user, with no session (RFC 8058 one-click)',
    description:
      'The token, from a notification mail’s List-Unsubscribe link, is signed with the server’s secret and names one user and one kind of mail; it can change nothing else. A mail client POSTs `List-Unsubscribe=One-Click` to `/unsubscribe/{token}`, which is answered here. Repeating it changes nothing more.',
    params: unsubscribeParamsSchema,
    status: 200,
    response: unsubscribeViewSchema,
    errors: [404],
    rateLimit: { bucket: 'unsubscribe', per: 'address', max: 30, windowMs: 60_000 },
  },
  emailDelivery: {
    authz: signedIn,
    method: 'get',
    path: '/me/email-delivery',
    access: 'user',
    tags,
    summary: 'Whether the relay refused mail to one’s address (no notification mail is sent to it then)',
    status: 200,
    response: emailDeliverySchema,
  },
  retryEmailDelivery: {
    authz: signedIn,
    method: 'post',
    path: '/me/email-delivery/retry',
    access: 'user',
    tags,
    summary: 'Try one’s address again: notification mails resume and a mail goes to it at once; a refusal marks it again',
    status: 200,
    response: emailDeliverySchema,
    rateLimit: { bucket: 'email-delivery-retry', per: 'user', max: 3, windowMs: 15 * 60_000, message: 'You tried several times already. Please try again later.' },
  },
});
