import { describe, expect, it } from 'vitest';
import { mentionedUsernames, splitMentions } from '@shared/forums';
import { timeAgo } from './post-text';

describe('mentions', () => {
  it('finds @usernames, not e-mail addresses, once each, lowercased', () => {
    expect(mentionedUsernames('Hi @Alice and @bob_2, mail me at carol@example.com. @alice again, @ab too short')).toEqual(['alice', 'bob_2']);
  });

  it('splits text into plain runs and mentions, losing nothing', () => {
    const text = 'See @alice: <b>bold</b> https://x.example';
    const parts = splitMentions(text);
    expect(parts).toEqual([
      { text: 'See ', mention: false },
      { text: '@alice', mention: true },
      { text: ': <b>bold</b> https://x.example', mention: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });
});

describe('timeAgo', () => {
  it('says just now under a minute and counts larger units', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(timeAgo('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-01-10T09:00:00Z', now)).toMatch(/3 hours ago/);
  });
});
