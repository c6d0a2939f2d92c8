import type { ReactNode } from 'react';

/** Notification defaults of spec section 9. */
export const TOAST_DEFAULTS = { width: 300, duration: 3000, speed: 300, zIndex: 5000, maxCount: 5 } as const;
/** The app shell's own toasts (token invalid, recaptcha, copy...). */
export const SHELL_TOAST = { width: 300, duration: 5000, speed: 500 } as const;

/**
 * Section 9's animation speed of a toast: the shell's (shown for SHELL_TOAST.duration) slide in 500 ms,
 * the others 300 ms. Reading it from the duration keeps every caller's one option (`duration`).
 */
export const toastSpeed = (o: Pick<ToastOptions, 'duration' | 'speed'>): number =>
  o.speed ?? (o.duration === SHELL_TOAST.duration ? SHELL_TOAST.speed : TOAST_DEFAULTS.speed);

export type ToastType = 'success' | 'info' | 'warning' | 'error';
export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  /** Milliseconds; false keeps it open. Default 3000. */
  duration?: number | false;
  /** How long it slides in and out, in milliseconds (toastSpeed). */
  speed?: number;
  pauseOnHover?: boolean;
  /** Default true: an identical toast already on screen is not shown again. */
  ignoreDuplicates?: boolean;
  onClick?: () => void;
}

export interface ToastSink {
  open(type: ToastType, o: ToastOptions & { key: string; onClose: () => void }): void;
  destroy(key: string): void;
}

let sink: ToastSink | null = null;
const pending: Array<[ToastType, ToastOptions]> = [];
const onScreen = new Set<string>();
let seq = 0;
const waiting = new Set<() => void>();

/** Calls `cb` when a toast waits for a host (at once if one waits): app/providers.tsx mounts the host then. */
export function onToastWaiting(cb: () => void): () => void {
  if (pending.length) cb();
  waiting.add(cb);
  return () => waiting.delete(cb);
}

const keyOf = (type: ToastType, o: ToastOptions) =>
  `${type}|${typeof o.title === 'string' ? o.title : ''}|${typeof o.description === 'string' ? o.description : ''}`;

function show(type: ToastType, o: ToastOptions): void {
  if (!sink) {
    pending.push([type, o]);
    for (const cb of waiting) cb();
    return;
  }
  const dupKey = keyOf(type, o);
  const ignore = o.ignoreDuplicates !== false && typeof o.title === 'string';
  if (ignore && onScreen.has(dupKey)) return;
  const key = ignore ? dupKey : `${dupKey}#${++seq}`;
  onScreen.add(key);
  const release = () => onScreen.delete(key);
  sink.open(type, { ...o, key, onClose: release });
  // Toasts pushed out by the maximum count close without onClose; forget them anyway.
  if (o.duration !== false) setTimeout(release, (o.duration ?? TOAST_DEFAULTS.duration) + 2000);
}

/** Toasts at the bottom right; usable outside React (request layer) and inside. */
export const toast = {
  success: (o: ToastOptions) => show('success', o),
  info: (o: ToastOptions) => show('info', o),
  warning: (o: ToastOptions) => show('warning', o),
  error: (o: ToastOptions) => show('error', o),
};

/** Called by the ToastHost component once antd's notification instance exists. */
export function attachToastSink(next: ToastSink | null): void {
  sink = next;
  if (!sink) {
    onScreen.clear();
    return;
  }
  for (const [t, o] of pending.splice(0)) show(t, o);
}
