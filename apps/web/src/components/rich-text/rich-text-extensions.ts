import { mergeAttributes } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { isRichTextUrl } from './rich-text-url.ts';
import { YouTube } from './youtube-node.ts';

/** Tables without their computed inline widths: the back office's policy refuses style attributes, and the sanitiser drops them. */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    const { style: _style, ...attributes } = HTMLAttributes;
    return ['table', mergeAttributes(this.options.HTMLAttributes, attributes), ['tbody', 0]];
  },
});

/** Library photos keep their id (`data-photo-id`), so a page can find the photos it uses. */
const LibraryImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      photoId: {
        default: null,
        parseHTML: (el: HTMLElement) => (/^\d+$/.test(el.getAttribute('data-photo-id') ?? '') ? el.getAttribute('data-photo-id') : null),
        renderHTML: (attributes: { photoId?: string | number | null }) =>
          attributes.photoId ? { 'data-photo-id': String(attributes.photoId) } : {},
      },
    };
  },
}).configure({ inline: false, allowBase64: false });

/** What a document may hold: the toolbar's marks and blocks, tables, library photos, YouTube videos. */
export const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto', 'tel'],
      defaultProtocol: 'https',
      // Set per link: a new tab (with noopener) for web addresses only.
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isRichTextUrl(url),
    },
  }),
  PlainTable.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  LibraryImage,
  YouTube,
];
