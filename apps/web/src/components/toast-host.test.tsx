import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { SHELL_TOAST, toast } from '../lib/toast.ts';
import ToastHost from './toast-host.tsx';

afterEach(cleanup);

/** The toast whose title is `title`, as antd rendered it. */
const notice = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('.ant-notification-notice')].find((n) => n.textContent?.includes(title));

describe('ToastHost', () => {
  it('slides toasts in at section 9 speeds: 300 ms, the shell toasts (5000 ms on screen) 500 ms', async () => {
    render(<ToastHost />);
    act(() => {
      toast.success({ title: 'Saved to the list' });
      toast.error({ title: 'Token invalid', duration: SHELL_TOAST.duration });
      toast.info({ title: 'Kept open', duration: false });
    });
    await waitFor(() => expect(notice('Kept open')).toBeTruthy());
    expect(notice('Saved to the list')?.style.transitionDuration).toBe('300ms');
    expect(notice('Token invalid')?.style.transitionDuration).toBe('500ms');
    expect(notice('Kept open')?.style.transitionDuration).toBe('300ms');
    expect(notice('Saved to the list')?.style.width).toBe('300px');
  });
});
