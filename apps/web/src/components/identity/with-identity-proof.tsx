import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@bo/shared/messages';
import { ApiError } from '../../lib/api-client.ts';

const VerifyIdentityDialog = lazy(() => import('./verify-identity-dialog.tsx'));
const needsProof = (e: unknown) => e instanceof ApiError && e.status === 403 && e.message === MESSAGES.identityVerificationRequired;

/**
 * Sensitive changes answer 403 `Identity verification required` until the admin proves it is them
 * (POST /api/admin/account/verify-identity, five minutes on this device). `run(action)` runs the
 * action; on that answer it asks for the password or a mailed code, then runs the action again.
 * Render `dialog` once in the component.
 *
 *   const { run, dialog } = useIdentityProof();
 *   await run(() => api.patch(`/api/admin/admin/${id}/reset-password`, {}));
 */
export function useIdentityProof(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (e) {
      if (!needsProof(e)) throw e;
      await new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const close = (proved: boolean) => {
    setOpen(false);
    const p = pending.current;
    pending.current = null;
    if (proved) p?.resolve();
    else p?.reject(new ApiError(403, MESSAGES.identityVerificationRequired));
  };

  return {
    run,
    dialog: open ? (
      <Suspense fallback={null}>
        <VerifyIdentityDialog onDone={() => close(true)} onCancel={() => close(false)} />
      </Suspense>
    ) : null,
  };
}
