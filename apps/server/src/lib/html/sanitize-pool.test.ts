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
    const out = await sanitizeFields('rich', { body: '<p onclick="x()">a<script>b</script></p>', body_en: null }, 'a', pool);
    expect(out).toEqual({ body: '<p>a</p>', body_en: null });
    const mail = await sanitizeFields('mail', { html: '<p style="color:#fff" onmouseover="x()">{{name}}</p>' }, 'a', pool);
    expect(mail.html).toBe('<p style="color:#fff">{{name}}</p>');
  });

  it("refuses markup over the time limit with the fields' key (400), then sanitises the next save in a new worker", async () => {
    expect(
      await refusal(sanitizeFields('rich', Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, big])), 'a', pool)),
    ).toEqual({
      status: 400,
      errors: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, ['validate.error.markup_too_complex']])),
    });
    expect(await sanitizeFields('rich', { body: '<p>again</p>' }, 'a', pool)).toEqual({ body: '<p>again</p>' });
  });

  it('refuses the shape before the worker sees it', async () => {
    expect(await refusal(sanitizeFields('rich', { body: `${'<div>'.repeat(65)}x`, other: '<p>fine</p>' }, 'a', pool))).toEqual({
      status: 400,
      errors: { body: ['validate.error.markup_too_deep'] },
    });
  });

  it("takes callers in turn: another editor's save goes before the first editor's later jobs (issue 34)", async () => {
    const fair = new SanitizerPool(10_000);
    try {
      const order: string[] = [];
      const save = (caller: string, label: string, body: string) =>
        sanitizeFields('rich', { body }, caller, fair).then(() => {
          order.push(label);
        });
      // Editor A queues four big saves at once; editor B's small save comes after them.
      const a = Array.from({ length: 4 }, (_, i) => save('admin:1', `a${i}`, big));
      const b = save('admin:2', 'b', '<p>small</p>');
      await Promise.all([...a, b]);
      // The job in hand and the one queued before B's came go first; then it is B's turn (first come, first served put B last).
      expect(order).toEqual(['a0', 'a1', 'b', 'a2', 'a3']);
    } finally {
      await fair.close();
    }
  });

  it('refuses a caller more saves than it may have waiting (429), leaving other callers be', async () => {
    const capped = new SanitizerPool(10_000, 2);
    try {
      // One in the worker, two waiting: the fourth is refused.
      const held = [0, 1, 2].map(() => sanitizeFields('rich', { body: big }, 'admin:1', capped));
      await new Promise((r) => setImmediate(r));
      expect(await refusal(sanitizeFields('rich', { body: big }, 'admin:1', capped))).toMatchObject({ status: 429 });
      expect(await sanitizeFields('rich', { body: '<p>b</p>' }, 'admin:2', capped)).toEqual({ body: '<p>b</p>' });
      await Promise.all(held);
    } finally {
      await capped.close();
    }
  });
});
