import { describe, expect, it } from 'vitest';
import { emailSchema, signInSchema, signUpSchema } from './accounts';
import { sendMessageSchema } from './messages';
import { profileUpdateSchema } from './settings';
import { reportBodySchema, socialLinksBodySchema } from './social';
import { contactRequestSchema } from './support';
import { NUL_MESSAGE, text } from './text';

const NUL = '\u0000';

describe('text()', () => {
  it('refuses NUL wherever it is and keeps the rest of the chain', () => {
    const schema = text().trim().min(1).max(5);
    expect(schema.parse(' ab ')).toBe('ab');
    for (const value of [NUL, `a${NUL}`, `${NUL}a`, ` a${NUL} `]) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(NUL_MESSAGE);
    }
  });

  it('is used by the schemas of every text the API takes: messages, bio, full name, report reasons, contact forms, e-mails', () => {
    const cases: [string, { safeParse(v: unknown): { success: boolean } }, Record<string, unknown>][] = [
      ['message', sendMessageSchema, { content: `hi${NUL}` }],
      ['bio', profileUpdateSchema, { bio: `a${NUL}b` }],
      ['full name', profileUpdateSchema, { fullName: `Ann${NUL}` }],
      ['report reason', reportBodySchema, { reason: `spam${NUL}` }],
      ['social link', socialLinksBodySchema, { instagramUrl: `https://instagram.com/a${NUL}` }],
      ['contact message', contactRequestSchema, { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: `x${NUL}y`, type: 'Contact Inquiry' }],
      ['sign-in e-mail', signInSchema, { email: `ann${NUL}@example.com`, password: 'x' }],
      [
        'sign-up full name',
        signUpSchema,
        { email: 'ann@example.com', password: 'Corr3ct-Horse!', username: 'ann_x', fullName: `An${NUL}n`, acceptTerms: true, acceptPrivacy: true },
      ],
    ];
    for (const [what, schema, value] of cases) expect(schema.safeParse(value).success, what).toBe(false);
    expect(emailSchema.safeParse(`a${NUL}b@example.com`).success).toBe(false);
    // The same values without the NUL pass.
    expect(sendMessageSchema.safeParse({ content: 'hi' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ bio: 'ab', fullName: 'Ann' }).success).toBe(true);
  });
});
