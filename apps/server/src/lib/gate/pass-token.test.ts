import { describe, expect, it } from 'vitest';
import { PASS_CODE_PATTERN } from '@bo/shared/schemas/gate';
import { PassTokens } from './pass-token.ts';

describe('pass tokens', () => {
  const tokens = new PassTokens('a-secret-of-the-server');

  it('makes codes of the printed shape, and reads its own QR back', () => {
    const code = PassTokens.newCode();
    expect(code).toMatch(PASS_CODE_PATTERN);
    expect(code).toMatch(/^.{4}-.{4}$/);
    expect(tokens.read(tokens.qr(code, 3))).toEqual({ kind: 'qr', code, serial: 3 });
  });

  it('refuses a QR with another serial, another key or an altered signature', () => {
    const qr = tokens.qr('K7Q2-M9XD', 1);
    expect(tokens.read(qr.replace('.1.', '.2.'))).toEqual({ kind: 'bad' });
    expect(new PassTokens('another-secret').read(qr)).toEqual({ kind: 'bad' });
    expect(tokens.read(`${qr.slice(0, -2)}AA`)).toEqual({ kind: 'bad' });
    expect(tokens.read(`${qr}.x`)).toEqual({ kind: 'bad' });
  });

  it('takes a typed code with or without its dash, in any case, and nothing else', () => {
    expect(tokens.read(' k7q2m9xd ')).toEqual({ kind: 'typed', code: 'K7Q2-M9XD' });
    expect(tokens.read('K7Q2-M9XD')).toEqual({ kind: 'typed', code: 'K7Q2-M9XD' });
    expect(tokens.read('A123456789')).toEqual({ kind: 'bad' });
    expect(tokens.read('')).toEqual({ kind: 'bad' });
  });
});
