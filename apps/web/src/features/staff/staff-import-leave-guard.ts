import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';

/**
 * Asks before the import on screen is lost, through the shell's unsaved-changes guard
 * (lib/unsaved-changes.ts): links, the menu, Back, sign-out and closing or reloading the tab (the
 * browser's own prompt), with the import's own question. An organization switch does not ask: the
 * import page checks the rows again against the new organization, so nothing is lost.
 */
export function useLeaveGuard(when: boolean, confirm: () => Promise<boolean>): void {
  useUnsavedChanges(when, { confirm, survivesOrganizationSwitch: true });
}
