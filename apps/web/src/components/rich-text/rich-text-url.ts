const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const OTHER_URL = /^(?:mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s().-]{3,}|\/(?![/\\])\S*|#[\w-]+)$/i;

/** The addresses a link may take (the server's sanitiser keeps the same ones): http(s), mailto, tel, a site path or an anchor. */
export function isRichTextUrl(url: string): boolean {
  const u = url.trim();
  if (HTTP_URL.test(u)) {
    try {
      return Boolean(new URL(u).hostname);
    } catch {
      return false;
    }
  }
  return OTHER_URL.test(u);
}
