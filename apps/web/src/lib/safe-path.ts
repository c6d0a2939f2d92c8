/** Only relative same-origin paths ("/x", not "//host" or "/\\host"). */
export function isSafeRelativePath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f]/.test(path)) return false;
  try {
    const u = new URL(path, 'http://same.origin');
    return u.origin === 'http://same.origin';
  } catch {
    return false;
  }
}
