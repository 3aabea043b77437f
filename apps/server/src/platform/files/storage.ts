import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';

/**
 * Where the bytes of files live (decision 0111): the local disk under DATA_DIR/files by default,
 * any S3-compatible storage when S3_BUCKET is set. Keys are `<companyId>/<fileId>[.thumb.webp]`.
 * `put` streams (never buffers the whole body) and leaves nothing behind when it fails.
 */
export interface FileStorage {
  readonly name: 'local' | 's3';
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object's bytes (or bytes start..end inclusive), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The object's path on this machine's disk, for tools that read files (ffmpeg); only the local storage has one. */
  localPath?(key: string): string;
}

export type ByteRange = { start: number; end: number };

const SAFE_KEY = /^[A-Za-z0-9-]+\/[A-Za-z0-9.-]+$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

export function localStorage(root: string): FileStorage {
  const full = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    name: 'local',
    async put(key, body) {
      const target = full(key);
      const partial = `${target}.part`;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (e) {
        body.destroy();
        await rm(partial, { force: true });
        throw e;
      }
    },
    async get(key, range) {
      const stream = createReadStream(full(key), range ? { start: range.start, end: range.end } : {});
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? resolve(null) : reject(e)));
      });
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    localPath: full,
  };
}

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

/** The AWS SDK is loaded on first use (~0.6 s of imports a local install never pays). */
async function loadSdk(o: S3Settings) {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new s3.S3Client({
    endpoint: o.endpoint,
    region: o.region ?? 'us-east-1',
    forcePathStyle: o.forcePathStyle ?? Boolean(o.endpoint),
    credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
    // Checksums only when the operation requires them: self-hosted storages reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { s3, Upload: storage.Upload, client };
}

export function s3Storage(o: S3Settings): FileStorage {
  let loading: ReturnType<typeof loadSdk> | null = null;
  const sdk = () => (loading ??= loadSdk(o));
  return {
    name: 's3',
    async put(key, body, contentType) {
      checkKey(key);
      const { s3, Upload, client } = await sdk();
      // Parts of 8 MB, two in flight: at most ~16 MB of a file in memory whatever its size.
      const upload = new Upload({ client, params: { Bucket: o.bucket, Key: key, Body: body, ContentType: contentType }, partSize: 8 * 1024 * 1024, queueSize: 2, leavePartsOnError: false });
      try {
        await upload.done();
      } catch (e) {
        body.destroy();
        await upload.abort().catch(() => {});
        // A single PUT that was acknowledged before the stream failed would leave an object.
        await client.send(new s3.DeleteObjectCommand({ Bucket: o.bucket, Key: key })).catch(() => {});
        throw e;
      }
    },
    async get(key, range) {
      checkKey(key);
      const { s3, client } = await sdk();
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket: o.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body!.transformToWebStream() as never);
      } catch (e) {
        if (e instanceof s3.NoSuchKey || (e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw e;
      }
    },
    async delete(key) {
      checkKey(key);
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}

/** The storage this server's configuration selects. */
export function storageFromConfig(cfg: Config): FileStorage {
  if (cfg.S3_BUCKET) {
    return s3Storage({
      bucket: cfg.S3_BUCKET,
      endpoint: cfg.S3_ENDPOINT,
      region: cfg.S3_REGION,
      accessKeyId: cfg.S3_ACCESS_KEY_ID,
      secretAccessKey: cfg.S3_SECRET_ACCESS_KEY,
      forcePathStyle: cfg.S3_FORCE_PATH_STYLE ? cfg.S3_FORCE_PATH_STYLE === 'on' : undefined,
    });
  }
  return localStorage(path.join(cfg.dataDir, 'files'));
}
