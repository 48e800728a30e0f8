import { z } from 'zod';
import { text } from './text';

export const CONTACT_TYPES = ['Contact Inquiry', 'Bug Report', 'Feature Request'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** The contact, bug and feature forms: all four fields required. Used by the form and the server. */
export const contactFormSchema = z.strictObject({
  name: text().trim().min(1, 'Please enter your name.').max(100, 'Name must be at most 100 characters.'),
  email: text().trim().min(1, 'Please enter your email address.').max(254, 'Email must be at most 254 characters.').pipe(z.email('Please enter a valid email address.')),
  subject: text().trim().min(1, 'Please enter a subject.').max(200, 'Subject must be at most 200 characters.'),
  message: text().trim().min(1, 'Please enter a message.').max(5000, 'Message must be at most 5000 characters.'),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const contactRequestSchema = contactFormSchema.extend({ type: z.enum(CONTACT_TYPES) });
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** POST /api/contact answers the stored message's id. */
export const contactReceiptSchema = z.object({ id: z.string() });
