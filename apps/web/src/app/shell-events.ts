/**
 * What the app tells the shell's script (public/shell-outage.js, which watches the start-up before
 * any module runs): the app took over the page, or the server could not be reached at start-up.
 */
export const SHELL_EVENTS = { booted: 'bo:booted', unreachable: 'bo:server-unreachable' } as const;
