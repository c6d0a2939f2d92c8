import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { AppError } from '../errors.ts';

export interface DriveCheckConfig {
  /** Path of the service account's JSON key; null: the check is not configured. */
  keyFile: string | null;
  /** https://www.googleapis.com/drive/v3, or a stand-in. */
  driveUrl: string;
}

/** What the service account may do in a folder, or why it may do nothing there. */
export interface DriveAccess {
  service_account: string;
  folder: { id: string; name: string } | null;
  can_read: boolean;
  can_write: boolean;
  /** Why not: not_found (missing or not shared with the service account), not_a_folder, or null. */
  reason: 'not_found' | 'not_a_folder' | null;
}

const SCOPE = 'https://www.googleapis.com/auth/drive';
const FOLDER = 'application/vnd.google-apps.folder';
const TIMEOUT_MS = 10_000;

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  token_uri: string;
}

async function loadKey(file: string): Promise<ServiceAccountKey> {
  let key: Partial<ServiceAccountKey>;
  try {
    key = JSON.parse(await readFile(file, 'utf8')) as Partial<ServiceAccountKey>;
  } catch {
    throw new AppError(409, 'The Google service account key cannot be read');
  }
  if (!key.client_email || !key.private_key || !key.token_uri) throw new AppError(409, 'The Google service account key is incomplete');
  return key as ServiceAccountKey;
}

const call = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppError(502, 'Google is unavailable');
  }
};

/**
 * The service account's access to a Drive folder: a JWT signed with its key (RS256) for an access
 * token at the key's token_uri (the JWT bearer grant), then the folder's capabilities. Google's refusals are answered as
 * clear errors of ours (409 key problems, 502 Google's refusal or absence), never a 500.
 */
export async function checkDriveFolder(config: DriveCheckConfig, folderId: string): Promise<DriveAccess> {
  if (!config.keyFile) throw new AppError(409, 'The Google Drive check is not configured');
  const key = await loadKey(config.keyFile);
  let signingKey: CryptoKey;
  try {
    signingKey = await importPKCS8(key.private_key, 'RS256');
  } catch {
    throw new AppError(409, 'The Google service account key is not a valid private key');
  }
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(key.client_email)
    .setAudience(key.token_uri)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(signingKey);
  const tokenRes = await call(key.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  });
  const token = (await tokenRes.json().catch(() => null)) as { access_token?: string; error?: string; error_description?: string } | null;
  if (!tokenRes.ok || !token?.access_token)
    throw new AppError(502, `Google refused the service account: ${token?.error_description ?? token?.error ?? tokenRes.status}`);

  const fields = 'id,name,mimeType,capabilities(canAddChildren,canEdit,canListChildren,canDownload)';
  const fileRes = await call(
    `${config.driveUrl.replace(/\/+$/, '')}/files/${encodeURIComponent(folderId)}?fields=${encodeURIComponent(fields)}&supportsAllDrives=true`,
    { headers: { authorization: `Bearer ${token.access_token}` } },
  );
  const base = { service_account: key.client_email };
  if (fileRes.status === 404) return { ...base, folder: null, can_read: false, can_write: false, reason: 'not_found' };
  const file = (await fileRes.json().catch(() => null)) as {
    id?: string;
    name?: string;
    mimeType?: string;
    capabilities?: Record<string, boolean>;
    error?: { message?: string };
  } | null;
  if (!fileRes.ok || !file?.id) throw new AppError(502, `Google Drive refused: ${file?.error?.message ?? fileRes.status}`);
  const folder = { id: file.id, name: file.name ?? '' };
  if (file.mimeType !== FOLDER) return { ...base, folder, can_read: false, can_write: false, reason: 'not_a_folder' };
  const c = file.capabilities ?? {};
  return { ...base, folder, can_read: !!(c.canListChildren || c.canDownload), can_write: !!(c.canAddChildren || c.canEdit), reason: null };
}
