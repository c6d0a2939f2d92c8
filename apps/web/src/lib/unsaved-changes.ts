import { useEffect, useRef } from 'react';

/**
 * One registry of the work on screen that is not saved yet. Forms report into it with
 * `useUnsavedChanges(dirty)`; everything that would throw the work away asks it first:
 * the router's blocker (components/unsaved-changes-guard.tsx: links, the menu, Back),
 * the organization switcher and sign-out (`confirmLeave()`), and the browser itself on closing or
 * reloading the tab (`beforeunload`, the browser's own prompt).
 */
export interface UnsavedChangesOptions {
  /** The screen's own question (resolves true to leave); the shell's dialog otherwise. */
  confirm?: () => Promise<boolean>;
  /** The screen keeps its work across an organization switch (it checks it again), so the switch does not ask. */
  survivesOrganizationSwitch?: boolean;
  /**
   * The work is stored on the device (the gate's offline queue): leaving the screen, reloading or switching the
   * organization keeps it, and only signing out (which clears the browser's storage) would lose it.
   */
  lostOnlyOnSignOut?: boolean;
}

interface Entry extends UnsavedChangesOptions {
  dirty: boolean;
  saving: number;
}

export type LeaveReason = 'navigation' | 'organization' | 'sign-out';

const entries = new Map<symbol, Entry>();
let defaultConfirm: (() => Promise<boolean>) | null = null;
let asking: Promise<boolean> | null = null;

function pending(reason: LeaveReason): Entry[] {
  return [...entries.values()].filter(
    (e) =>
      e.dirty &&
      !e.saving &&
      !(reason === 'organization' && e.survivesOrganizationSwitch) &&
      !(reason !== 'sign-out' && e.lostOnlyOnSignOut),
  );
}

/** True when leaving for `reason` would lose work. */
export function hasUnsavedChanges(reason: LeaveReason = 'navigation'): boolean {
  return pending(reason).length > 0;
}

/** The shell's dialog (set by the admin layout); `window.confirm` stands in until it is there. */
export function setDefaultLeaveConfirm(confirm: (() => Promise<boolean>) | null): void {
  defaultConfirm = confirm;
}

/**
 * Asks before the work on screen is lost; true when there is none or the user chose to leave.
 * After a yes the screens count as clean, so the navigation that follows is not asked again.
 * Two callers at once (a click while the dialog is open) share the one question.
 */
export function confirmLeave(reason: LeaveReason = 'navigation'): Promise<boolean> {
  const dirty = pending(reason);
  if (!dirty.length) return Promise.resolve(true);
  if (asking) return asking;
  const ask = dirty.find((e) => e.confirm)?.confirm ?? defaultConfirm;
  const answer = ask ? ask() : Promise.resolve(window.confirm(''));
  asking = answer
    .then(
      (leave) => {
        if (leave) for (const e of dirty) e.dirty = false;
        return leave;
      },
      () => false,
    )
    .finally(() => {
      asking = null;
    });
  return asking;
}

function onBeforeUnload(e: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  e.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  e.returnValue = '';
}

function register(entry: Entry): () => void {
  const key = Symbol('unsaved-changes');
  if (entries.size === 0 && typeof window !== 'undefined') window.addEventListener('beforeunload', onBeforeUnload);
  entries.set(key, entry);
  return () => {
    entries.delete(key);
    if (entries.size === 0 && typeof window !== 'undefined') window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

/** Tests only: forget every screen. */
export function resetUnsavedChanges(): void {
  for (const key of [...entries.keys()]) entries.delete(key);
  if (typeof window !== 'undefined') window.removeEventListener('beforeunload', onBeforeUnload);
  defaultConfirm = null;
  asking = null;
}

export interface UnsavedChanges {
  /**
   * Runs a save: meanwhile the screen may navigate on its own (create → update, back to the list)
   * without being asked, as the work is being saved.
   */
  whileSaving<T>(save: () => Promise<T>): Promise<T>;
}

/** Reports whether this screen holds unsaved work; the shell asks before it is lost. */
export function useUnsavedChanges(dirty: boolean, options: UnsavedChangesOptions = {}): UnsavedChanges {
  const entry = useRef<Entry | null>(null);
  useEffect(() => {
    const e: Entry = { dirty: false, saving: 0 };
    entry.current = e;
    const unregister = register(e);
    return () => {
      entry.current = null;
      unregister();
    };
  }, []);
  // A "leave anyway" answer counts until the screen changes again: its dirty flag is written
  // only when it changes, not on every render.
  useEffect(() => {
    if (entry.current) entry.current.dirty = dirty;
  }, [dirty]);
  useEffect(() => {
    const e = entry.current;
    if (!e) return;
    e.confirm = options.confirm;
    e.survivesOrganizationSwitch = options.survivesOrganizationSwitch;
    e.lostOnlyOnSignOut = options.lostOnlyOnSignOut;
  });
  const api = useRef<UnsavedChanges | null>(null);
  api.current ??= {
    async whileSaving(save) {
      const e = entry.current;
      if (e) e.saving += 1;
      try {
        return await save();
      } finally {
        if (e) e.saving -= 1;
      }
    },
  };
  return api.current;
}
