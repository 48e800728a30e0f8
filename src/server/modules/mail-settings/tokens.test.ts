import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('unsubscribe tokens', () => {
  it('name their user and kind', () => {
    const token = unsubscribeToken(SECRET, 'user_AbC123', 'follow');
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: 'user_AbC123', kind: 'follow' });
  });

  it('cannot be turned to another user or kind, nor made without the secret', () => {
    const token = unsubscribeToken(SECRET, 'alice', 'follow');
    const [user, , signature] = token.split('.');
    expect(readUnsubscribeToken(SECRET, `${user}.message.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${Buffer.from('bob').toString('base64url')}.follow.${signature}`)).toBeNull();
    expect(readUnsubscribeToken('another-secret-of-thirty-two-characters!', token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, unsubscribeToken('another-secret-of-thirty-two-characters!', 'alice', 'follow'))).toBeNull();
  });

  it('refuses malformed tokens and unknown kinds', () => {
    const token = unsubscribeToken(SECRET, 'alice', 'forum');
    for (const bad of ['', 'a.b', `${token}.x`, token.slice(0, -1), token.replace('forum', 'security'), token.replace('.forum.', '.FORUM.')]) {
      expect(readUnsubscribeToken(SECRET, bad)).toBeNull();
    }
  });
});
