/**
 * The name an uploaded file keeps: its last path segment, NFC, without control characters, percent
 * signs, quotes or characters Windows refuses, without leading dots, at most 200 characters (the end
 * kept, so the extension survives). Never empty.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[%\u0000-\u001f\u007f"*:?<>|]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(-200);
  return cleaned || 'file';
}
