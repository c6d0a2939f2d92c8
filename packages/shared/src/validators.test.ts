import { describe, expect, it } from 'vitest';
import {
  hasMinLength,
  hasNoForbiddenChars,
  hasNoWhitespace,
  isDigits,
  isEmail,
  isFilled,
  isGlobalPhone,
  isImageFileName,
  isLocalLandline,
  isLocalMobile,
  isMobile,
  isPassword,
  isStrictString,
  passwordStrength,
  STRICT_FORBIDDEN_CHARS,
  youtubeEmbedUrl,
  youtubeId,
  youtubeStart,
} from './validators.ts';
import { can, ROLES } from './permissions.ts';
import { isHttpUrl, isSitePath } from './validators.ts';

describe('email, length, required, password (spec section 5)', () => {
  it('accepts standard email addresses only', () => {
    expect(isEmail('a.b+c@example.com.tw')).toBe(true);
    for (const bad of ['', 'a@', '@b.com', 'a b@c.com', 'a@b', 'a@@b.com', 42, null]) expect(isEmail(bad)).toBe(false);
  });
  it('minimum length counts characters of a string', () => {
    expect(hasMinLength('abcd', 4)).toBe(true);
    expect(hasMinLength('abc', 4)).toBe(false);
    expect(hasMinLength(1234, 4)).toBe(false);
  });
  it('required means non-empty after trimming', () => {
    expect(isFilled('x')).toBe(true);
    expect(isFilled(0)).toBe(true);
    for (const empty of ['', '   ', '\n', null, undefined, []]) expect(isFilled(empty)).toBe(false);
  });
  it('password is required and at least 4 characters', () => {
    expect(isPassword('abcd')).toBe(true);
    expect(isPassword('abc')).toBe(false);
    expect(isPassword('    ')).toBe(false);
    expect(isPassword(undefined)).toBe(false);
  });
});

describe('phone numbers', () => {
  it('global: a plus sign, 3 digits, a non-zero digit, then 8 more digits', () => {
    expect(isGlobalPhone('+886912345678')).toBe(true);
    expect(isGlobalPhone('+886012345678')).toBe(false);
    expect(isGlobalPhone('+88691234567')).toBe(false);
    expect(isGlobalPhone('+8869123456789')).toBe(false);
    expect(isGlobalPhone('886912345678')).toBe(false);
  });
  it('local mobile: 09 followed by 8 digits', () => {
    expect(isLocalMobile('0912345678')).toBe(true);
    expect(isLocalMobile('0812345678')).toBe(false);
    expect(isLocalMobile('091234567')).toBe(false);
    expect(isLocalMobile('09123456789')).toBe(false);
    expect(isMobile('0912345678')).toBe(true);
    expect(isMobile('+886912345678')).toBe(true);
  });
  it('local landline: 0 followed by 8 or 9 digits (9 or 10 digits)', () => {
    expect(isLocalLandline('037123456')).toBe(true);
    expect(isLocalLandline('0223456789')).toBe(true);
    expect(isLocalLandline('02234567')).toBe(false);
    expect(isLocalLandline('02234567890')).toBe(false);
    expect(isLocalLandline('1223456789')).toBe(false);
    expect(isLocalLandline('02-23456789')).toBe(false);
  });
});

describe('character rules', () => {
  it('no whitespace: non-strings pass, any whitespace fails', () => {
    for (const v of [123, null, undefined, {}, ['a b']]) expect(hasNoWhitespace(v)).toBe(true);
    expect(hasNoWhitespace('abc')).toBe(true);
    for (const v of ['a b', 'a\tb', 'a\nb', ' a', 'a\u3000b']) expect(hasNoWhitespace(v)).toBe(false);
  });
  it('forbidden characters: non-strings pass, a listed character fails', () => {
    expect(hasNoForbiddenChars(42, ['4'])).toBe(true);
    expect(hasNoForbiddenChars(null, ['a'])).toBe(true);
    expect(hasNoForbiddenChars('abc', ['x', 'y'])).toBe(true);
    expect(hasNoForbiddenChars('abc', ['x', 'b'])).toBe(false);
  });
  it('strict string: each of ^ \' ` ! @ # % & * + " < > | _ [ ] and the ideographic full stop fails', () => {
    expect(STRICT_FORBIDDEN_CHARS).toHaveLength(18);
    for (const c of ['^', "'", '`', '!', '@', '#', '%', '&', '*', '+', '"', '<', '>', '|', '_', '[', ']', '。']) {
      expect(isStrictString(`ab${c}cd`)).toBe(false);
    }
    expect(isStrictString('營造工程-A1 (台北).v2，完成')).toBe(true);
    expect(isStrictString(12)).toBe(true);
  });
  it('digits only: one or more digits, empty fails', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('')).toBe(false);
    expect(isDigits('12a')).toBe(false);
    expect(isDigits('-1')).toBe(false);
    expect(isDigits(123)).toBe(false);
  });
});

describe('password strength', () => {
  it('strong: lowercase, uppercase, digit, a symbol of !@#$%^&* and at least 8 characters', () => {
    expect(passwordStrength('Abcdef1!')).toBe('strong');
    expect(passwordStrength('xY9*xY9*xY9*')).toBe('strong');
  });
  it('medium: two of lowercase, uppercase, digit and at least 4 characters', () => {
    expect(passwordStrength('Abcde1!')).toBe('medium');
    expect(passwordStrength('abc1')).toBe('medium');
    expect(passwordStrength('ABcd')).toBe('medium');
    expect(passwordStrength('Abcdefgh!')).toBe('medium');
    expect(passwordStrength('Abcdef1~')).toBe('medium');
  });
  it('weak otherwise', () => {
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('12345678')).toBe('weak');
    expect(passwordStrength('Ab1')).toBe('weak');
    expect(passwordStrength('')).toBe('weak');
  });
});

describe('images and YouTube', () => {
  it('accepts png, jpg, jpeg and gif, in any case', () => {
    for (const n of ['a.png', 'b.JPG', 'c.jpeg', 'd.Gif', 'x.y.png']) expect(isImageFileName(n)).toBe(true);
    for (const n of ['a.webp', 'b.svg', 'png', 'c.png.exe', '']) expect(isImageFileName(n)).toBe(false);
  });
  it('takes the id from short links and from the v= parameter', () => {
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ?t=42')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/')).toBeNull();
    expect(youtubeId('not a url')).toBeNull();
    expect(youtubeId('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    // Only YouTube's hosts, and only an 11-character id: it is put into an embed URL.
    expect(youtubeId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('https://youtu.be/abc')).toBeNull();
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXc%22')).toBeNull();
    expect(youtubeId('javascript:alert(1)//youtu.be/dQw4w9WgXcQ')).toBeNull();
  });
  it('reads the start time of t= as YouTube writes it, into the embed address (issue 26)', () => {
    expect(youtubeStart('https://youtu.be/dQw4w9WgXcQ?t=90')).toBe(90);
    expect(youtubeStart('https://youtu.be/dQw4w9WgXcQ?t=90s')).toBe(90);
    expect(youtubeStart('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')).toBe(90);
    expect(youtubeStart('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s')).toBe(3723);
    expect(youtubeStart('https://www.youtube.com/watch?v=dQw4w9WgXcQ&start=42')).toBe(42);
    for (const none of [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=0',
      'https://youtu.be/x?t=abc',
      'https://youtu.be/x?t=1m30x',
      'no url',
    ])
      expect(youtubeStart(none), none).toBeNull();
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', 90)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', null)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});

describe('can() (spec section 6)', () => {
  it('ROLE_MAINTAINER passes every check', () => {
    for (const required of Object.values(ROLES)) expect(can(['ROLE_MAINTAINER'], required)).toBe(true);
  });
  it('a check listing ROLE_BASE passes for any admin role but not for sub-account roles', () => {
    for (const r of ['ROLE_BASE', 'ROLE_PHOTO', 'ROLE_STAFF', 'ROLE_SUPER_ADMIN']) expect(can([r], ROLES.base)).toBe(true);
    expect(can(['SUB_ACCOUNT_ROLE_ADMIN'], ROLES.base)).toBe(false);
    expect(can([], ROLES.base)).toBe(false);
  });
  it('otherwise at least one listed role must match', () => {
    expect(can(['ROLE_SUPER_ADMIN'], ROLES.superAdmin)).toBe(true);
    expect(can(['ROLE_BASE'], ROLES.superAdmin)).toBe(false);
    expect(can(['SUB_ACCOUNT_ROLE_ADMIN'], ROLES.adminUpdate)).toBe(true);
    expect(can(['ROLE_PHOTO'], ROLES.photo)).toBe(true);
    expect(can(['ROLE_BASE'], ROLES.photo)).toBe(false);
    expect(can(['SUB_ACCOUNT_ROLE_STAFF_READ'], ROLES.staffRead)).toBe(true);
    expect(can(['SUB_ACCOUNT_ROLE_STAFF_READ'], ROLES.staffWrite)).toBe(false);
    expect(can(['ROLE_STAFF'], ROLES.staffWrite)).toBe(true);
    expect(can(['ROLE_SUPER_ADMIN'], ROLES.debugMenu)).toBe(false);
  });
  it('an empty requirement means any signed-in account', () => {
    expect(can([], [])).toBe(true);
  });
});

describe('URLs: isHttpUrl and isSitePath (developerUrl, banner links, rich-text links)', () => {
  it('takes absolute http(s) URLs with a host only', () => {
    for (const ok of ['https://example.com', 'http://example.com/a?b=c#d', 'HTTPS://Example.com/x']) expect(isHttpUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'https:/\\evil.example',
      'https://a b.com',
      'ftp://x',
      'example.com',
      '',
      null,
    ])
      expect(isHttpUrl(bad), String(bad)).toBe(false);
  });

  it('takes a path of the site, never one a browser reads as another host', () => {
    for (const ok of ['/', '/projects', '/a/b?c=d#e']) expect(isSitePath(ok), ok).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', '/\\/evil.example', '/a\\b', 'projects', 'https://example.com', ''])
      expect(isSitePath(bad), bad).toBe(false);
  });
});
