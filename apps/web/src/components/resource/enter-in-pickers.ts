import type { KeyboardEvent } from 'react';

/** The inputs of antd's pickers: a date, a select (and tree select), a cascader. */
const PICKER = '.ant-picker, .ant-select, .ant-cascader';

/**
 * A form's keydown: Enter in a picker's input chooses in the picker and never submits the form (the
 * browser's implicit submission), whatever is filled so far. Enter in a text field still submits; the
 * form's rules then refuse what is missing. On the form, not in the capture phase: the picker sees the
 * key first, unprevented (a closed date picker opens on Enter), and the submission is stopped after.
 */
export function keepEnterInPickers(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const target = e.target;
  if (target instanceof HTMLInputElement && target.closest(PICKER)) e.preventDefault();
}
