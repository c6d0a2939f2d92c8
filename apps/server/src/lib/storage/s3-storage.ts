import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage, type StoredObject } from './storage.ts';
import { isS3Unreachable, StorageUnavailableError } from './storage-unavailable.ts';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** S3_TIMEOUT_MS: the longest wait for a connection, and for any answer or bytes on one (each try). */
  timeoutMs: number;
}

/** 8 MiB parts: above S3's 5 MiB minimum; at most one part is held in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * S3-compatible object storage. Streams are cut into parts and sent as a multipart upload
 * (a body shorter than one part is one PutObject), so an upload of unknown length is never held
 * whole in memory. Checksums are computed only when an operation requires them: the SDK's
 * default (aws-chunked bodies with CRC trailers) is not understood by many S3-compatible servers.
 * A store that cannot be reached (refused, reset, silent past `timeoutMs` on each of the SDK's three
 * tries, or answering 5xx) fails the call with StorageUnavailableError: a 503, never a hang.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(s: S3Settings) {
    this.bucket = s.bucket;
    this.client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: s.timeoutMs, socketTimeout: s.timeoutMs },
    });
  }

  /** One SDK call, its "cannot reach the store" failures as StorageUnavailableError. */
  private async call<R>(send: (client: S3Client) => Promise<R>): Promise<R> {
    try {
      return await send(this.client);
    } catch (err) {
      throw isS3Unreachable(err) ? new StorageUnavailableError(err) : err;
    }
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType?: string } = {}): Promise<{ size: number }> {
    assertSafeKey(key);
    const common = { Bucket: this.bucket, Key: key, ContentType: opts.contentType ?? 'application/octet-stream' };
    if (Buffer.isBuffer(body) && body.length <= PART_BYTES) {
      await this.call((c) => c.send(new PutObjectCommand({ ...common, Body: body })));
      return { size: body.length };
    }
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    let uploadId: string | undefined;
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const chunk = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      uploadId ??= (await this.call((c) => c.send(new CreateMultipartUploadCommand(common)))).UploadId;
      const PartNumber = parts.length + 1;
      const r = await this.call((c) =>
        c.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: chunk })),
      );
      parts.push({ PartNumber, ETag: r.ETag });
    };
    try {
      for await (const c of source) {
        const buf = Buffer.isBuffer(c) ? c : Buffer.from(c);
        pending.push(buf);
        pendingBytes += buf.length;
        size += buf.length;
        if (pendingBytes >= PART_BYTES) await flush();
      }
      if (!uploadId) {
        await this.call((c) => c.send(new PutObjectCommand({ ...common, Body: Buffer.concat(pending, pendingBytes) })));
        return { size };
      }
      if (pendingBytes > 0) await flush();
      await this.call((c) =>
        c.send(
          new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        ),
      );
      return { size };
    } catch (err) {
      if (uploadId)
        await this.call((c) => c.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))).catch(
          () => {},
        );
      source.destroy();
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertSafeKey(key);
    try {
      const r = await this.call((c) =>
        c.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        ),
      );
      return r.Body as Readable;
    } catch (err) {
      throw isMissing(err) ? Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT' }) : err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.call((c) => c.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const h = await this.call((c) => c.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return { size: h.ContentLength ?? 0, contentType: h.ContentType ?? null, modifiedAt: h.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
