import { describe, expect, it } from 'vitest';
import {
  deleteAccountFormSchema,
  emailChangeFormSchema,
  favoriteGenresSchema,
  isUrlOrOwnPath,
  passwordChangeFormSchema,
  profileFormSchema,
  profileUsernameProblems,
  settingsUpdateSchema,
} from './settings';

describe('profile form rules', () => {
  it('applies the profile form’s username rules, not sign-up’s: 3 to 50, no leading-digit rule, reserved names refused', () => {
    expect(profileUsernameProblems('ab')).toEqual(['Username must be at least 3 characters.']);
    expect(profileUsernameProblems('a'.repeat(50))).toEqual([]);
    expect(profileUsernameProblems('a'.repeat(51))).toEqual(['Username must be no more than 50 characters.']);
    expect(profileUsernameProblems('9lives')).toEqual([]);
    expect(profileUsernameProblems('bad-name')).toEqual(['Username can only contain letters, numbers, and underscores.']);
    expect(profileUsernameProblems('Support')).toEqual(['This username is reserved. Please choose another one.']);
  });

  it('trims, lowercases the username and checks name, bio and avatar with the spec’s messages', () => {
    expect(profileFormSchema.parse({ fullName: ' Ada ', username: ' Ada_L ', bio: ' hi ', avatarUrl: '' })).toEqual({
      fullName: 'Ada',
      username: 'ada_l',
      bio: 'hi',
      avatarUrl: '',
    });
    const message = (input: Record<string, string>) =>
      profileFormSchema.safeParse({ fullName: '', username: 'okay_name', bio: '', avatarUrl: '', ...input }).error?.issues[0]?.message;
    expect(message({ fullName: 'A' })).toBe('Full name must be at least 2 characters.');
    expect(message({ bio: 'x'.repeat(161) })).toBe('Bio cannot be longer than 160 characters.');
    expect(message({ avatarUrl: 'javascript:alert(1)' })).toBe('Invalid URL.');
    expect(message({ bio: 'x'.repeat(160), fullName: 'Al' })).toBeUndefined();
  });

  it('accepts http(s) URLs and plain paths of our server as avatar URLs, nothing else', () => {
    expect(isUrlOrOwnPath('https://cdn.example.com/a/1.png')).toBe(true);
    expect(isUrlOrOwnPath('/api/uploads/u1/1.png')).toBe(true);
    for (const bad of ['//evil.example/x.png', '/api/../x', 'data:image/png;base64,AAAA', 'ftp://x/y.png', '/a b']) expect(isUrlOrOwnPath(bad), bad).toBe(false);
  });
});

describe('genres and switches', () => {
  it('keeps known genre names once each, and refuses unknown ones', () => {
    expect(favoriteGenresSchema.parse({ genres: ['Drama', 'Drama', 'Kids'] })).toEqual({ genres: ['Drama', 'Kids'] });
    expect(favoriteGenresSchema.safeParse({ genres: ['Dramatic'] }).success).toBe(false);
  });

  it('takes one or more known switches only', () => {
    expect(settingsUpdateSchema.parse({ notifyOnMatch: 'email' })).toEqual({ notifyOnMatch: 'email' });
    expect(settingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ notifyOnMatch: 'sms' }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ isAdmin: true }).success).toBe(false);
  });
});

describe('the account cards’ forms', () => {
  const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes a new email, trimmed and lowercased, and refuses an invalid one or the current one', () => {
    const schema = emailChangeFormSchema('Ada@Example.com');
    expect(schema.parse({ newEmail: ' New@Example.com ' })).toEqual({ newEmail: 'new@example.com' });
    expect(problems(schema.safeParse({ newEmail: 'not an email' }))).toEqual([['newEmail', 'Please enter a valid email address.']]);
    expect(problems(schema.safeParse({ newEmail: 'ada@example.COM' }))).toEqual([['newEmail', 'This is already your email address.']]);
  });

  it('names each password problem on its own field, with the settings wording', () => {
    const schema = passwordChangeFormSchema('ada_l');
    expect(problems(schema.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' }))).toEqual([
      ['currentPassword', 'Please enter your current password.'],
      ['newPassword', 'Password must be at least 8 characters long.'],
      ['confirmPassword', "Passwords don't match."],
    ]);
    expect(problems(schema.safeParse({ currentPassword: 'x', newPassword: 'alllowercase1!', confirmPassword: 'alllowercase1!' }))).toEqual([
      ['newPassword', 'Password must contain uppercase, lowercase, number, and special character.'],
    ]);
    expect(problems(schema.safeParse({ currentPassword: 'x', newPassword: 'Ada_L-Rocks-99!', confirmPassword: 'Ada_L-Rocks-99!' }))).toEqual([
      ['newPassword', 'Password must not contain your username.'],
    ]);
    expect(schema.safeParse({ currentPassword: 'x', newPassword: 'Quiet-Harbor-77!', confirmPassword: 'Quiet-Harbor-77!' }).success).toBe(true);
  });

  it('deletes only on the word DELETE, as typed', () => {
    expect(deleteAccountFormSchema.parse({ confirm: 'DELETE' })).toEqual({ confirm: 'DELETE' });
    for (const confirm of ['delete', ' DELETE', ''])
      expect(problems(deleteAccountFormSchema.safeParse({ confirm }))).toEqual([['confirm', "Please type 'DELETE' to confirm account deletion"]]);
  });
});
