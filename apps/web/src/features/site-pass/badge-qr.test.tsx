import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { i18n } from '../../i18n/index.ts';
import { Badge, type BadgePass } from './badge.tsx';
import { chunk, idsParam } from './badge-sheet-page.tsx';
import { PASS_QR_OPTIONS, qrPath } from './qr.tsx';

/**
 * Issue 39 "Done when": the QR of a printed badge, rendered to PNG, decodes with the library the gate
 * screen reads QR codes with (zxing-wasm) to the pass's QR text.
 */
const require = createRequire(import.meta.url);

const pass: BadgePass = {
  id: 41,
  staff_name: '陳大明',
  company_name: '永信工程行',
  site_name: '信義區住宅新建工程',
  job_title: '鋼筋工',
  code: '7K3M-Q9XR',
  qr: 'BOP1.7K3M-Q9XR.2.d2hhdGV2ZXItc2lnbmF0dXJl',
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-TW');
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

/** The badge as the sheet renders it (static markup of the React component). */
const badgeMarkup = (p: BadgePass = pass) => renderToStaticMarkup(<Badge pass={p} photoUrl={null} />);

/** The badge's QR SVG, cut out of the badge's markup, rasterised to a PNG at print-like resolution. */
async function badgeQrPng(markup: string, px = 400): Promise<Buffer> {
  const svg = /<svg[^>]*role="img"[^>]*>[\s\S]*?<\/svg>/.exec(markup)?.[0];
  if (!svg) throw new Error('no QR in the badge');
  const sized = svg.replace('<svg', `<svg width="${px}" height="${px}"`);
  return sharp(Buffer.from(sized)).flatten({ background: '#ffffff' }).png().toBuffer();
}

const decode = async (png: Buffer) =>
  (await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true })).filter((r) => r.isValid).map((r) => r.text);

describe('the badge QR', () => {
  it('decodes from the printed badge, rendered to PNG, with zxing-wasm to the pass QR text', async () => {
    const png = await badgeQrPng(badgeMarkup());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await decode(png)).toEqual([pass.qr]);
  });

  it('still decodes when printed small (32 mm at 150 dpi is about 190 px; 160 px here)', async () => {
    expect(await decode(await badgeQrPng(badgeMarkup(), 160))).toEqual([pass.qr]);
  });

  it('is the QR the qrcode package draws with the same options (error correction M)', async () => {
    const reference = await QRCode.toBuffer(pass.qr!, { ...PASS_QR_OPTIONS, type: 'png', scale: 8 });
    expect(await decode(reference)).toEqual([pass.qr]);
    const a = QRCode.create(pass.qr!, { errorCorrectionLevel: 'M' });
    expect(a.errorCorrectionLevel.bit).toBe(QRCode.create('x', { errorCorrectionLevel: 'M' }).errorCorrectionLevel.bit);
    expect(qrPath(pass.qr!).size).toBe(a.modules.size + 2 * PASS_QR_OPTIONS.margin);
  });

  it('a reissued pass (new code and serial) draws another QR that decodes to the new text', async () => {
    const next = { ...pass, code: 'R2D2-C3P0', qr: 'BOP1.R2D2-C3P0.3.YW5vdGhlci1zaWduYXR1cmU' };
    expect(await decode(await badgeQrPng(badgeMarkup(next)))).toEqual([next.qr]);
  });
});

describe('the badge', () => {
  it('prints the name, company, job title, site and the code under the QR; no national ID or birthday', () => {
    const html = badgeMarkup();
    const text = html.replace(/<[^>]+>/g, ' ');
    for (const s of ['陳大明', '永信工程行', '鋼筋工', '信義區住宅新建工程', '7K3M-Q9XR']) expect(text).toContain(s);
    // A Taiwanese national ID is a letter and nine digits; a birthday a date. Neither is printed.
    expect(text).not.toMatch(/[A-Z][12]\d{8}/);
    expect(text).not.toMatch(/\d{4}[-/]\d{2}[-/]\d{2}/);
    expect(html).toContain('無照片');
  });

  it('lays out 8 badges a page and reads the ids of the chosen passes', () => {
    expect(chunk(Array.from({ length: 17 }, (_, i) => i)).map((p) => p.length)).toEqual([8, 8, 1]);
    expect(idsParam('3,5,8')).toEqual([3, 5, 8]);
    expect(idsParam(null)).toBeNull();
    expect(idsParam('3,x')).toBeNull();
  });
});
