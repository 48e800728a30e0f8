import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblems, settingsPasswordProblems, usernameProblems } from './accounts';

describe('password policy', () => {
  it('accepts a strong password', () => {
    expect(passwordProblems('Corr3ct-Horse!')).toEqual([]);
  });
  it('names every missing rule', () => {
    expect(passwordProblems('abc')[0]).toBe('Password requirements not met: At least 8 characters, One uppercase letter, One number, One special character (!@#$%^&* and similar)');
  });
  it('catches common passwords behind decorations and leetspeak', () => {
    for (const p of ['Password1!', 'P@ssw0rd1!', 'Qwerty123!', '!Welcome2024', 'Reelmates#1']) expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('Corr3ct-Horse!')).toBe(false);
  });
  it('caps the length at 128', () => {
    expect(passwordProblems(`Aa1!${'x'.repeat(130)}`)).toContain('Password must be no more than 128 characters long.');
  });
  it('uses the settings wording in settings', () => {
    expect(settingsPasswordProblems('Ab1!')).toEqual(['Password must be at least 8 characters long.']);
    expect(settingsPasswordProblems('abcdefgh')).toEqual(['Password must contain uppercase, lowercase, number, and special character.']);
  });
});

describe('username rules', () => {
  it('accepts letters, numbers and underscores', () => {
    expect(usernameProblems('film_fan_42')).toEqual([]);
  });
  it('refuses reserved route names in any case', () => {
    expect(usernameProblems('Admin')).toEqual(['This username is reserved. Please choose another one.']);
  });
});
