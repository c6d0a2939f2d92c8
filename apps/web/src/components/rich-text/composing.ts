/** A key pressed while an input method composes (Traditional Chinese, Japanese…) belongs to the IME, not to us. */
export const composing = (event: KeyboardEvent) => event.isComposing || event.keyCode === 229;
