import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.ts';

describe('cleanFileName', () => {
  it('keeps the last path segment, NFC, and replaces what a header or a disk refuses', () => {
    expect(cleanFileName('C:\\Users\\me\\..\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\r\n"c"<d>|e?.txt')).toBe('a_b_c_d_e_.txt');
    expect(cleanFileName('100%.png')).toBe('100_.png');
    expect(cleanFileName('工地配置圖.txt')).toBe('工地配置圖.txt');
    expect(cleanFileName('e\u0301.txt')).toBe('\u00e9.txt');
  });

  it('never answers an empty name or a hidden file, and keeps the extension of a long name', () => {
    expect(cleanFileName(undefined)).toBe('file');
    expect(cleanFileName('...')).toBe('file');
    expect(cleanFileName('.env')).toBe('env');
    const long = cleanFileName(`${'x'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});
