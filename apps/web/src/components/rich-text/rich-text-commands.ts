import type { CommandProps } from '@tiptap/core';
import { NodeSelection, Selection, TextSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';

/**
 * An inserted video or image is left selected, and the next insertion would replace it: type on after
 * it instead (in the paragraph that follows, a new one at the end of the document).
 */
export function caretAfterNode({ tr }: CommandProps): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection)) return true;
  const end = selection.to;
  const after = tr.doc.resolve(end).nodeAfter;
  if (after?.isTextblock) tr.setSelection(TextSelection.create(tr.doc, end + 1));
  else if (after) tr.setSelection(Selection.near(tr.doc.resolve(end), 1));
  else {
    tr.insert(end, tr.doc.type.schema.nodes.paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, end + 1));
  }
  return true;
}

/** A link on the selection (or the link around the caret), or the address itself as linked text where nothing is selected. */
export function insertLink(editor: Editor, href: string) {
  const url = href.trim();
  const external = /^https?:/i.test(url);
  const attributes = { href: url, target: external ? '_blank' : null, rel: external ? 'noopener noreferrer' : null };
  const chain = editor.chain().focus();
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: attributes }] }).run();
  } else {
    chain.extendMarkRange('link').setLink(attributes).run();
  }
}
