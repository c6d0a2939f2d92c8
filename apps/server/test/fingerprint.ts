/**
 * The X-Fingerprint the server tests send. A module of its own: the browser flows import
 * server-process.ts, which must not load the whole server (helpers.ts) into every flow file.
 */
export const FINGERPRINT = 'test-fingerprint';
