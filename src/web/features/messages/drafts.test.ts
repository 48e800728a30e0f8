import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts, getDraft, setDraft, takeDraft } from './drafts';

afterEach(() => clearDrafts());

describe('drafts', () => {
  it('keeps a draft per conversation, apart from any component', () => {
    setDraft('bob', 'Seen Heat?');
    setDraft('cat', 'Hi');
    expect(getDraft('bob')).toBe('Seen Heat?');
    expect(getDraft('cat')).toBe('Hi');
    expect(getDraft('dan')).toBe('');
  });

  it('takes the trimmed text and empties the box at once, so a second Enter sends nothing', () => {
    setDraft('bob', '  yes \n');
    expect(takeDraft('bob')).toBe('yes');
    expect(getDraft('bob')).toBe('');
    expect(takeDraft('bob')).toBeNull();
  });

  it('does not send or clear a blank draft', () => {
    setDraft('bob', '  \n ');
    expect(takeDraft('bob')).toBeNull();
    expect(getDraft('bob')).toBe('  \n ');
  });

  it('forgets every draft at sign-out', () => {
    setDraft('bob', 'a');
    clearDrafts();
    expect(getDraft('bob')).toBe('');
  });
});
