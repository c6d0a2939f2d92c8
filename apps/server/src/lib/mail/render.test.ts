import { describe, expect, it } from 'vitest';
import { renderMail, templateProblems } from './render.ts';
import { TEMPLATES } from './templates.ts';

const layout = (inner: string) => inner;
const reset = TEMPLATES.find((d) => d.name === 'password_reset')!;

describe('mail template links (issue 34)', () => {
  it('allows URL variables in href and refuses any other variable there', () => {
    expect(templateProblems(reset, { subject: 'Reset', html: '<a href="{{link}}">{{name}}</a>' })).toEqual({});
    expect(templateProblems(reset, { subject: 'Reset', html: '<a href="{{name}}">Reset</a>' })).toEqual({
      html: ['validate.error.link_variable_only'],
    });
  });

  it('checks the rendered link: a value that is no http(s) or mailto URL loses its target, the label stays', () => {
    const text = { subject: 'S', html: '<p><a href="{{link}}" style="color:#fff">Go</a></p>' };
    const bad = renderMail(text, { link: 'javascript:alert(1)' }, layout, 'en');
    expect(bad.html).toBe('<p><a style="color:#fff">Go</a></p>');
    expect(bad.text).not.toContain('javascript');
    const spaced = renderMail(text, { link: ' JaVaScRiPt:alert(1)' }, layout, 'en');
    expect(spaced.html).not.toContain('href');
    const good = renderMail(text, { link: 'https://www.example.com/member/confirm?token=a&b' }, layout, 'en');
    expect(good.html).toContain('href="https://www.example.com/member/confirm?token=a&amp;b"');
  });
});
