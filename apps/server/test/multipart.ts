import type { FastifyInstance } from 'fastify';
import { api } from './helpers.ts';

export interface MultipartFile {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields first, then the file. */
export function multipart(fields: Record<string, string>, file?: MultipartFile) {
  const boundary = `----bo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a multipart body with the fingerprint and Bearer token. */
export function uploadMultipart(app: FastifyInstance, token: string, url: string, fields: Record<string, string>, file?: MultipartFile) {
  const body = multipart(fields, file);
  return api(app, token).post(url, body.payload, body.headers);
}
