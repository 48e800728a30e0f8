import { describe, expect, it } from 'vitest';
import { scrubError, scrubFields } from './log-scrub';

describe('scrubFields', () => {
  it('passes a plain request line through untouched (no copy on the hot path)', () => {
    const line = { reqId: 'r1', method: 'GET', path: '/api/x', status: 200, ms: 1.5 };
    expect(scrubFields(line)).toBe(line);
  });

  it('drops secret- and content-named fields at any depth and keeps the rest', () => {
    const fields = {
      userId: 'u1',
      user: { sessionToken: 's', newPassword: 'p', name: 'Ann' },
      headers: { Cookie: 'c', Authorization: 'a', accept: 'json' },
      list: [{ text: 'hi', id: 1 }],
    };
    expect(scrubFields(fields)).toEqual({ userId: 'u1', user: { name: 'Ann' }, headers: { accept: 'json' }, list: [{ id: 1 }] });
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { id: 1 };
    a.self = a;
    expect(scrubFields({ a })).toEqual({ a: { id: 1, self: '[circular]' } });
  });
});

describe('scrubError', () => {
  it('keeps what describes an error and drops its data', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "user_email_unique"'), {
      code: '23505',
      constraint: 'user_email_unique',
      detail: 'Key (email)=(ann@example.com) already exists.',
    });
    const out = scrubError(pgError);
    expect(out).toMatchObject({ type: 'Error', code: '23505', constraint: 'user_email_unique', message: pgError.message });
    expect(JSON.stringify(out)).not.toContain('ann@example.com');
  });
});
