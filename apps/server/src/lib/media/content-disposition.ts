import { cleanFileName } from '../uploads/file-name.ts';

/**
 * Content-Disposition for a download or an inline answer: without a name the bare kind, otherwise an
 * ASCII fallback and the RFC 5987 `filename*` (Chinese names survive every browser).
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName?: string): string {
  if (fileName === undefined) return kind;
  const clean = cleanFileName(fileName);
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
