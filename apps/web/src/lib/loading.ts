import { useSyncExternalStore } from 'react';

/** Loading state of spec section 3: overlay while `status`, thin bar while `progress`. */
export interface LoadingState {
  status: boolean;
  title?: string;
  description?: string;
  progress: boolean;
}

let state: LoadingState = { status: false, progress: false };
let progressCount = 0;
const listeners = new Set<() => void>();
const set = (next: Partial<LoadingState>) => {
  state = { ...state, ...next };
  for (const l of [...listeners]) l();
};
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

export const loading = {
  /** Full-screen overlay with an optional title and description. */
  show: (o: { title?: string; description?: string } = {}) => set({ status: true, title: o.title, description: o.description }),
  hide: () => set({ status: false, title: undefined, description: undefined }),
  /** Counted: the bar stays while any caller still holds it. Returns the release function. */
  startProgress(): () => void {
    progressCount += 1;
    set({ progress: true });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      progressCount = Math.max(0, progressCount - 1);
      if (progressCount === 0) set({ progress: false });
    };
  },
  get: () => state,
};

export const useLoading = () => useSyncExternalStore(subscribe, loading.get, loading.get);
