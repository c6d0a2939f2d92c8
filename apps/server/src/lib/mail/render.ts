import { VALIDATION_KEYS } from '@bo/shared/messages';
import type { TemplateDefinition, TemplateText } from './templates.ts';
import { allVariables } from './templates.ts';

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Every link target (`href` value, quoted or not) in an HTML text. */
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi;
const hrefsOf = (html: string): string[] => [...html.matchAll(HREF)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

/** The variables a template text uses. */
export const usedVariables = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];

/**
 * What is wrong with an administrator's version of a template: a variable the template does not have,
 * or a secret one (a code, a link) in the subject, which the outbox keeps in plain text and mail
 * clients show in notifications. Field errors keyed like the request body.
 */
export function templateProblems(def: TemplateDefinition, text: TemplateText): Record<string, string[]> {
  const known = new Map(allVariables(def).map((v) => [v.name, v]));
  const problems: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    problems[field] = [...(problems[field] ?? []), key];
  };
  for (const field of ['subject', 'html'] as const) {
    for (const name of usedVariables(text[field])) {
      if (!known.has(name)) add(field, 'mail.error.unknown_variable');
      else if (field === 'subject' && known.get(name)!.secret) add(field, 'mail.error.secret_in_subject');
    }
  }
  // A link may hold only URL variables: a member's name in `href` ("javascript:…") would become a link.
  const inLinks = hrefsOf(text.html).flatMap(usedVariables);
  if (inLinks.some((name) => known.has(name) && !known.get(name)!.link)) add('html', VALIDATION_KEYS.linkVariableOnly);
  return problems;
}

/** Plain text alternative of the HTML part: paragraphs as blank lines, links as "label (url)". */
export function htmlToText(html: string): string {
  return html
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, href: string, label: string) => `${label.replace(/<[^>]+>/g, '')}: ${href}`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Whether a rendered link goes somewhere a mail may point: an http(s) or mailto URL, or a fragment. */
const safeHref = (href: string): boolean => {
  const value = unescapeHtml(href).trim();
  if (value === '' || value.startsWith('#')) return true;
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The rendered body's links are checked: one that is no http(s)/mailto URL loses its target (stays text). */
const checkLinks = (html: string): string =>
  html.replace(HREF, (whole, dq?: string, sq?: string, bare?: string) => (safeHref(dq ?? sq ?? bare ?? '') ? whole : ''));

function fill(text: string, values: Record<string, string>, asHtml: boolean): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    const value = values[name] ?? '';
    // A value of several lines (a digest's items) keeps its lines in the HTML part.
    return asHtml ? escapeHtml(value).replace(/\r?\n/g, '<br>') : value;
  });
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Fills a template: values are HTML-escaped in the body, the message is wrapped in the layout. */
export function renderMail(
  text: TemplateText,
  values: Record<string, string>,
  layout: (inner: string, lang: string) => string,
  lang: string,
): RenderedMail {
  const inner = checkLinks(fill(text.html, values, true));
  return { subject: fill(text.subject, values, false).replace(/[\r\n]+/g, ' '), html: layout(inner, lang), text: htmlToText(inner) };
}

/** The mail's frame: a plain, narrow card that mail clients render alike. */
export function mailLayout(appName: string) {
  return (inner: string, lang: string) =>
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>` +
    `<body style="margin:0;background:#f5f5f5;font-family:-apple-system,'Segoe UI','Noto Sans TC','PingFang TC','Microsoft JhengHei',sans-serif;color:#1f1f1f">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#ffffff;border-radius:8px;padding:24px 28px;line-height:1.6;font-size:15px">` +
    `<p style="font-weight:bold;font-size:17px;margin:0 0 16px">${escapeHtml(appName)}</p>${inner}</div></div></body></html>`;
}
