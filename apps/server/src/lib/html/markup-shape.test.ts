import { describe, expect, it } from 'vitest';
import { markupProblem } from './markup-shape.ts';

const nested = (levels: number) => `${'<div>'.repeat(levels)}x${'</div>'.repeat(levels)}`;

describe('markupProblem', () => {
  it('counts open elements: 64 levels pass, 65 do not; void elements and closed siblings add none', () => {
    expect(markupProblem(nested(64))).toBeNull();
    expect(markupProblem(nested(65))).toBe('too_deep');
    expect(markupProblem(`${'<p>a</p>'.repeat(5000)}`)).toBeNull();
    expect(markupProblem(`<div>${'<br><img src="/a.png"><hr/><col>'.repeat(100)}</div>`)).toBeNull();
    expect(markupProblem(`<ul>${'<li>item'.repeat(200)}</ul>`)).toBeNull();
    expect(markupProblem(`<ul>${'<li><ul>'.repeat(40)}x${'</ul></li>'.repeat(40)}</ul>`)).toBe('too_deep');
  });

  it('counts what the parser nests: a self-closed div opens one, an end tag that closes nothing closes nothing (issue 34)', () => {
    expect(markupProblem('<div/>'.repeat(65))).toBe('too_deep');
    expect(markupProblem(`<div>${'<span/>'.repeat(64)}</div>`)).toBe('too_deep');
    expect(markupProblem('<div></b>'.repeat(65))).toBe('too_deep');
    expect(markupProblem(`${'<div>'.repeat(64)}${'</p>'.repeat(100)}<div>`)).toBe('too_deep');
    // An end tag closes up to the open element of its name, the elements above it with it.
    expect(markupProblem(`${'<div><span><em>'.repeat(21)}${'</div>'.repeat(21)}${nested(64)}`)).toBeNull();
  });

  it('counts start tags: 20,000 pass, one more does not', () => {
    expect(markupProblem('<br>'.repeat(20_000))).toBeNull();
    expect(markupProblem('<br>'.repeat(20_001))).toBe('too_many_tags');
  });

  it('skips comments and doctypes, reads a lone < as text, and tells a tag name from an attribute', () => {
    expect(markupProblem(`<!doctype html><!-- ${'<div>'.repeat(100)} -->a < b <p title="<div>">x</p>`)).toBeNull();
    expect(markupProblem(`<!-- unterminated ${'<div>'.repeat(100)}`)).toBeNull();
    expect(markupProblem(`<DIV>${nested(64)}</DIV>`)).toBe('too_deep');
  });

  it('takes linear time on hostile input (a quadratic scan would take minutes)', () => {
    const started = performance.now();
    for (const hostile of ['<a'.repeat(200_000), `${'<div '.repeat(100_000)}>`, '<!--'.repeat(100_000), '</'.repeat(200_000)])
      markupProblem(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
