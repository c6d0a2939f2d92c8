import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, importSPKI } from 'jose';

export interface FakeFolder {
  name: string;
  mimeType?: string;
  capabilities: Record<string, boolean>;
}

export interface FakeGoogleApi {
  url: string;
  /** The server's settings: the key file written to `keyFile`, the token and Drive endpoints of this stand-in. */
  env: Record<string, string>;
  serviceAccount: string;
  /** Folders shared with the service account, by id. */
  folders: Map<string, FakeFolder>;
  close(): Promise<void>;
}

/**
 * Local stand-ins for Google's OAuth token endpoint (the JWT bearer grant: the assertion's RS256
 * signature is checked against the service account's public key, its issuer, audience and scope) and
 * Drive v3 files.get (Bearer token; 404 for a folder not shared with the account).
 */
export async function startFakeGoogleApi(keyFile: string): Promise<FakeGoogleApi> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = 'backoffice@example-project.iam.gserviceaccount.com';
  const folders = new Map<string, FakeFolder>();
  const tokens = new Set<string>();
  const spki = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'POST' && u.pathname === '/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return send(res, 400, { error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', spki, { issuer: serviceAccount, audience: `${url}/token` });
        if (payload.scope !== 'https://www.googleapis.com/auth/drive') return send(res, 400, { error: 'invalid_scope' });
      } catch {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3599 });
    }
    const m = /^\/drive\/v3\/files\/([^/]+)$/.exec(u.pathname);
    if (req.method === 'GET' && m) {
      if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
        return send(res, 401, { error: { message: 'Invalid Credentials' } });
      const id = decodeURIComponent(m[1]!);
      const folder = folders.get(id);
      if (!folder) return send(res, 404, { error: { message: `File not found: ${id}.` } });
      return send(res, 200, {
        id,
        name: folder.name,
        mimeType: folder.mimeType ?? 'application/vnd.google-apps.folder',
        capabilities: folder.capabilities,
      });
    }
    send(res, 404, { error: { message: 'Not found' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      client_email: serviceAccount,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${url}/token`,
    }),
  );
  return {
    url,
    env: { GOOGLE_SERVICE_ACCOUNT_KEY_FILE: keyFile, GOOGLE_DRIVE_API_URL: `${url}/drive/v3` },
    serviceAccount,
    folders,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
