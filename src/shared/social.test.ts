import { describe, expect, it } from 'vitest';
import { displayableLink, normaliseSocialLink, socialLinksBodySchema, withScheme } from './social';

describe('social links (ruling 11)', () => {
  it('prepends https:// to bare links and keeps http(s) links as they are', () => {
    expect(withScheme('instagram.com/x')).toBe('https://instagram.com/x');
    expect(withScheme('instagram.com:8080/x')).toBe('https://instagram.com:8080/x');
    expect(withScheme('//x.com/a')).toBe('https://x.com/a');
    expect(normaliseSocialLink('  http://youtube.com/@me ')).toEqual({ ok: true, value: 'http://youtube.com/@me' });
    expect(normaliseSocialLink('HTTPS://X.com/me')).toEqual({ ok: true, value: 'HTTPS://X.com/me' });
  });

  it('clears empty links and refuses other schemes and non-links', () => {
    expect(normaliseSocialLink('   ')).toEqual({ ok: true, value: null });
    expect(normaliseSocialLink(null)).toEqual({ ok: true, value: null });
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'ftp://x.com/a', 'mailto:a@b.com']) {
      expect(normaliseSocialLink(bad), bad).toEqual({ ok: false, message: 'Only http:// and https:// links are allowed.' });
    }
    for (const bad of ['not a link', 'localhost', 'https://', 'x'.repeat(501)]) expect(normaliseSocialLink(bad).ok, bad).toBe(false);
  });

  it('renders only what is safe, and the body schema normalises every field', () => {
    expect(displayableLink('javascript:alert(1)')).toBeNull();
    expect(displayableLink('tiktok.com/@me')).toBe('https://tiktok.com/@me');
    expect(socialLinksBodySchema.parse({ instagramUrl: ' instagram.com/me ', facebookUrl: '' })).toEqual({
      instagramUrl: 'https://instagram.com/me',
      facebookUrl: null,
      youtubeUrl: null,
      tiktokUrl: null,
      twitterUrl: null,
      linkedinUrl: null,
    });
    expect(socialLinksBodySchema.safeParse({ instagramUrl: 'javascript:x' }).success).toBe(false);
    expect(socialLinksBodySchema.safeParse({ instagram_url: 'x.com' }).success).toBe(false);
  });
});
