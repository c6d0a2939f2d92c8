import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';

/** Runs a mutation and toasts how it went: `done` on success, the error's text otherwise. Resolves true on success. */
export async function toastOutcome(run: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await run();
    toast.success({ title: done, duration: SHELL_TOAST.duration });
    return true;
  } catch (e) {
    toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    return false;
  }
}
