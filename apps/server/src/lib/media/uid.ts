import { randomBytes } from 'node:crypto';

/** The public id of a stored upload (photos, files): 20 URL-safe characters, unguessable. */
export const newUid = () => randomBytes(15).toString('base64url');
