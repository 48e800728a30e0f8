import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignedToken } from './session';

const sign = (token: string, secret: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifySignedToken', () => {
  it('gives the token of a good signature, again from memory, and only for the secret it was signed with', () => {
    const value = sign('tok-a', 'secret-one');
    expect(verifySignedToken(value, 'secret-one')).toBe('tok-a');
    expect(verifySignedToken(value, 'secret-one')).toBe('tok-a');
    expect(verifySignedToken(value, 'secret-two')).toBeNull();
  });

  it('refuses a tampered token or signature after the good value was checked', () => {
    const value = sign('tok-b', 'secret-one');
    expect(verifySignedToken(value, 'secret-one')).toBe('tok-b');
    expect(verifySignedToken(value.replace('tok-b', 'tok-c'), 'secret-one')).toBeNull();
    const [token, signature] = value.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(verifySignedToken(`${token}.${flipped}`, 'secret-one')).toBeNull();
    expect(verifySignedToken('no-signature', 'secret-one')).toBeNull();
  });

  it('keeps working past the size of its memory', () => {
    const first = sign('tok-first', 's');
    expect(verifySignedToken(first, 's')).toBe('tok-first');
    for (let i = 0; i < 10_050; i++) verifySignedToken(sign(`tok-${i}`, 's'), 's');
    // Forgotten by now, and checked again.
    expect(verifySignedToken(first, 's')).toBe('tok-first');
    expect(verifySignedToken(sign('tok-first', 'other'), 's')).toBeNull();
  });
});
