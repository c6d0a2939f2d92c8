import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { SanitizerPool, sanitizeFields } from './sanitize-pool.ts';

const pool = new SanitizerPool(300);
afterAll(() => pool.close());

const PARAGRAPH = '<p>Text with a <a href="https://example.com/x" onclick="x()">link</a>.</p>';
const big = PARAGRAPH.repeat(2_500);

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return { status: (e as AppError).statusCode, errors: (e as AppError).errors };
};

describe('sanitizeFields', () => {
  it('sanitises each field in the worker and keeps null fields null', async () => {
    const out = await sanitizeFields('rich', { body: '<p onclick="x()">a<script>b</script></p>', body_en: null }, pool);
    expect(out).toEqual({ body: '<p>a</p>', body_en: null });
    const mail = await sanitizeFields('mail', { html: '<p style="color:#fff" onmouseover="x()">{{name}}</p>' }, pool);
    expect(mail.html).toBe('<p style="color:#fff">{{name}}</p>');
  });

  it("refuses markup over the time limit with the fields' key (400), then sanitises the next save in a new worker", async () => {
    expect(await refusal(sanitizeFields('rich', Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, big])), pool))).toEqual({
      status: 400,
      errors: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, ['validate.error.markup_too_complex']])),
    });
    expect(await sanitizeFields('rich', { body: '<p>again</p>' }, pool)).toEqual({ body: '<p>again</p>' });
  });

  it('refuses the shape before the worker sees it', async () => {
    expect(await refusal(sanitizeFields('rich', { body: `${'<div>'.repeat(65)}x`, other: '<p>fine</p>' }, pool))).toEqual({
      status: 400,
      errors: { body: ['validate.error.markup_too_deep'] },
    });
  });
});
