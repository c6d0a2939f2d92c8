import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { keepEnterInPickers } from './enter-in-pickers.ts';

function Form() {
  return (
    <form onKeyDown={keepEnterInPickers}>
      <div className="ant-picker">
        <input aria-label="date" />
      </div>
      <div className="ant-select">
        <input aria-label="select" />
      </div>
      <input aria-label="text" />
      <textarea aria-label="notes" />
    </form>
  );
}

describe('keepEnterInPickers', () => {
  it('keeps Enter in a date or select picker (no implicit submission); Enter elsewhere goes on', () => {
    render(<Form />);
    // fireEvent answers false when the event's default (the browser's implicit submission) was prevented.
    expect(fireEvent.keyDown(screen.getByLabelText('date'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('select'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('text'), { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByLabelText('notes'), { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByLabelText('date'), { key: 'a' })).toBe(true);
    // Enter that ends an IME composition (zhuyin) is the input method's, not a choice.
    expect(fireEvent.keyDown(screen.getByLabelText('date'), { key: 'Enter', isComposing: true })).toBe(true);
  });
});
