import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from './sanitize-rich-text.ts';

const VIDEO = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('sanitizeRichText: stored XSS attempts', () => {
  it.each([
    ['a script tag with its content', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['an upper-case script tag', '<p>a<SCRIPT SRC="https://evil.example/x.js"></SCRIPT></p>', '<p>a</p>'],
    ['a style tag with its content', '<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['an image with onerror', '<p>a<img src=x onerror="alert(1)"></p>', '<p>a</p>'],
    ['an onerror on an allowed image', '<img src="/a.jpg" onerror="alert(1)">', '<img src="/a.jpg" />'],
    ['a javascript: link', '<p><a href="javascript:alert(1)">x</a></p>', '<p><a>x</a></p>'],
    ['a mixed-case entity javascript: link', '<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link with a tab and an encoded newline', '<a href="java\tscript&#x0A;:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link behind leading spaces and controls', '<a href=" &#1; javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a decimal-entity javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['a named-entity javascript: link', '<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['a handler beside a good href', '<a href="https://example.com" onmouseover="alert(1)">x</a>', '<a href="https://example.com">x</a>'],
    ['an image srcset', '<img src="/a.jpg" srcset="javascript:alert(1) 1x">', '<img src="/a.jpg" />'],
    ['a javascript: image', '<p>a<img src="jAvAsCrIpT:alert(1)"></p>', '<p>a</p>'],
    ['a vbscript: link', '<a href="VBScript:msgbox(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['a protocol-relative link', '<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['a backslash protocol-relative link', '<a href="/\\evil.example/">x</a>', '<a>x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="a">', ''],
    ['an svg with onload and its content', '<p>a</p><svg onload="alert(1)"><a href="/x"><text>t</text></a></svg>', '<p>a</p>'],
    ['math with its content', '<math><mtext><p>x</p></mtext></math><p>a</p>', '<p>a</p>'],
    ['an iframe from elsewhere', '<p>a</p><iframe src="https://evil.example/embed/dQw4w9WgXcQ">x</iframe>', '<p>a</p>'],
    ['an iframe with a javascript: src', '<iframe src="javascript:alert(1)"></iframe><p>a</p>', '<p>a</p>'],
    [
      'an iframe with srcdoc',
      `<iframe src="${VIDEO}" srcdoc="<script>alert(1)</script>" onload="alert(1)"></iframe>`,
      `<iframe src="${VIDEO}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    ],
    [
      'a YouTube lookalike host',
      '<iframe src="https://www.youtube-nocookie.com.evil.example/embed/dQw4w9WgXcQ"></iframe><p>a</p>',
      '<p>a</p>',
    ],
    ['a YouTube embed with a bad id', '<iframe src="https://www.youtube-nocookie.com/embed/short"></iframe><p>a</p>', '<p>a</p>'],
    ['style, class and id attributes', '<p style="background:url(javascript:alert(1))" class="x" id="y">a</p>', '<p>a</p>'],
    ['an onclick paragraph', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    [
      'object, embed, form and input',
      '<object data="/x"></object><embed src="/x"><form action="/x"><input name="a"><p>a</p></form>',
      '<p>a</p>',
    ],
    ['a plain div is unwrapped', '<div onmouseover="alert(1)"><p>a</p></div>', '<p>a</p>'],
    [
      'a YouTube wrapper without its video',
      '<div data-youtube-video><iframe src="https://evil.example"></iframe></div><p>a</p>',
      '<p>a</p>',
    ],
    [
      'a non-numeric colspan',
      '<table><tbody><tr><td colspan="2 onmouseover=x">a</td></tr></tbody></table>',
      '<table><tbody><tr><td>a</td></tr></tbody></table>',
    ],
  ])('cleans %s', (_name, dirty, cleaned) => {
    expect(sanitizeRichText(dirty)).toBe(cleaned);
  });
});

describe("sanitizeRichText: the editor's output", () => {
  it('keeps headings, marks, lists, quotes and rules', () => {
    const html =
      '<h2>營造</h2><h3>Sub</h3><h4>Small</h4><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br />x</p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>q</p></blockquote><hr /><pre><code>x &lt; y</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps links to web, mail, phone, site paths and anchors, new-tab links with noopener', () => {
    const html =
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/?a=1&amp;b=2">w</a> ' +
      '<a href="mailto:a@example.com">m</a> <a href="tel:+886212345678">t</a> <a href="/about">p</a> <a href="#top" title="Top">h</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/?a=1&amp;b=2">w</a> ' +
        '<a href="mailto:a@example.com">m</a> <a href="tel:+886212345678">t</a> <a href="/about">p</a> <a href="#top" title="Top">h</a></p>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps a table with a header row and a colspan, without its inline widths', () => {
    const html =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
      '<tbody><tr><th colspan="2" rowspan="1"><p>Head</p></th></tr><tr><td colspan="1" rowspan="1"><p>a</p></td><td colspan="1" rowspan="1"><p>b</p></td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(
      '<table><colgroup><col /><col /></colgroup>' +
        '<tbody><tr><th colspan="2" rowspan="1"><p>Head</p></th></tr><tr><td colspan="1" rowspan="1"><p>a</p></td><td colspan="1" rowspan="1"><p>b</p></td></tr></tbody></table>',
    );
  });

  it('keeps a library photo with its id', () => {
    const html = '<img src="/storage/photos/1/large.webp" alt="工地" title="工地" data-photo-id="12" />';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<img src="https://cdn.example.com/a.jpg" alt="">')).toBe('<img src="https://cdn.example.com/a.jpg" alt="" />');
  });

  it('keeps the YouTube node, lazy and with a strict referrer', () => {
    const html = `<div data-youtube-video=""><iframe src="${VIDEO}?start=30" width="640" height="360" allowfullscreen="true" frameborder="0" allow="autoplay"></iframe></div>`;
    expect(sanitizeRichText(html)).toBe(
      `<div data-youtube-video><iframe src="${VIDEO}?start=30" width="640" height="360" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe></div>`,
    );
  });

  it('moves a youtube.com embed to youtube-nocookie', () => {
    expect(sanitizeRichText('<div data-youtube-video><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>')).toBe(
      `<div data-youtube-video><iframe src="${VIDEO}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe></div>`,
    );
  });

  it("keeps a whole document as the web editor writes it, adding only the frame's loading rules", () => {
    const editor =
      '<h2>工程實績</h2><p>營造</p><ul><li><p>基礎工程</p></li><li><p>結構工程</p></li></ul>' +
      '<p>詳見 <a target="_blank" rel="noopener noreferrer" href="https://example.com/works">https://example.com/works</a></p>' +
      `<div data-youtube-video=""><iframe src="${VIDEO}" width="640" height="360" allowfullscreen="" title="工地導覽"></iframe></div>` +
      '<table><tbody><tr><th><p>項目</p></th><th colspan="2"><p></p></th></tr><tr><td><p></p></td><td><p></p></td><td><p></p></td></tr></tbody></table>' +
      '<img src="/storage/photo/large.jpg" alt="工地" data-photo-id="7"><p></p>';
    expect(sanitizeRichText(editor)).toBe(
      editor
        .replace('<div data-youtube-video="">', '<div data-youtube-video>')
        .replace(
          'allowfullscreen="" title="工地導覽">',
          'allowfullscreen title="工地導覽" loading="lazy" referrerpolicy="strict-origin-when-cross-origin">',
        )
        .replace('data-photo-id="7">', 'data-photo-id="7" />'),
    );
  });

  it('is stable: cleaning its own output changes nothing', () => {
    const once = sanitizeRichText(
      `<h2>a</h2><p><a href="https://example.com" target="_blank">x</a></p><img src="/a.jpg" data-photo-id="1"><div data-youtube-video><iframe src="${VIDEO}" allowfullscreen></iframe></div>`,
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('blank rich text', () => {
  it.each(['', '   ', '<p></p>', '<p> </p><p><br></p>', '<p>&nbsp;</p>', '<h2> </h2><script>x</script>', '<img src="javascript:x">'])(
    'answers "" for %j',
    (html) => {
      expect(sanitizeRichText(html)).toBe('');
      expect(isBlankRichText(html)).toBe(true);
    },
  );

  it('is not blank with text, an image or a video', () => {
    expect(isBlankRichText('<p>a</p>')).toBe(false);
    expect(isBlankRichText('<p><img src="/a.jpg"></p>')).toBe(false);
    expect(isBlankRichText(`<div data-youtube-video><iframe src="${VIDEO}"></iframe></div>`)).toBe(false);
  });
});
