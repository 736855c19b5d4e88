import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BackupTargetMessages as M } from '@folio/shared';
import type { S3TargetSettings } from '@folio/shared';
import { isFolioBackupName } from '@folio/shared';
import type { BackupTarget, StoredBackup } from './backup-target.js';
import { BackupTargetError } from './backup-target-error.js';
import { networkFailure, readExactly, relay } from './remote-transfer.js';

/**
 * Multipart parts of the smallest size S3 accepts, two in flight: the upload holds about three
 * parts (15 MB) whatever the archive's size, and 10,000 parts still reach 50 GB.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface S3TargetOptions {
  /** How long a connection may take to open, and a request go with nothing moving, before it fails as 超时 (default 30 s). */
  idleTimeoutMs?: number;
}

/** `backups`, `/backups/` and `backups/` all mean the folder `backups/`; empty means the bucket's top. */
function folderPrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/**
 * A bucket of S3-compatible storage (AWS, Cloudflare R2, 阿里云 OSS, 腾讯云 COS, MinIO;
 * server/API.md §E22), under a prefix. An object appears only when its upload completes (a single
 * PUT, or a multipart upload the client aborts on failure), so a failed upload never leaves an
 * object with a backup's name.
 */
export class S3Target implements BackupTarget {
  readonly id: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly host: string;

  constructor(settings: S3TargetSettings<string | null>, options: S3TargetOptions = {}) {
    this.id = settings.id;
    this.bucket = settings.bucket;
    this.prefix = folderPrefix(settings.prefix);
    const region = settings.region.trim() || 'us-east-1';
    const endpoint = settings.endpoint.trim();
    this.host = endpoint === '' ? `s3.${region}.amazonaws.com` : new URL(endpoint).host;
    if (settings.secret_access_key === null) throw new BackupTargetError(M.secretMissing);
    const timeout = options.idleTimeoutMs ?? 30_000;
    this.client = new S3Client({
      ...(endpoint === '' ? {} : { endpoint }),
      region,
      forcePathStyle: settings.force_path_style,
      // Given explicitly, the keys are the only ones used: never the environment's, a profile's or
      // the cloud instance's metadata service, which could reach another account's storage.
      credentials: { accessKeyId: settings.access_key_id, secretAccessKey: settings.secret_access_key },
      // One retry, and no wait on a server gone silent: a run must fail, not hang.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: timeout, socketTimeout: timeout },
      // Checksums only where S3 requires them: R2, OSS, COS and older MinIO refuse or mangle the
      // newer default ones, and the runner verifies each copy's sha256 itself.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async upload(name: string, localPath: string, size: number): Promise<void> {
    this.assertOwnName(name);
    let sourceError: unknown;
    const body = readExactly(localPath, size);
    body.on('error', (error) => (sourceError = error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.prefix + name, Body: body, ContentLength: size },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      if (sourceError instanceof BackupTargetError) throw sourceError;
      throw this.failure(error, name);
    }
  }

  async download(name: string): Promise<Readable> {
    this.assertOwnName(name);
    let body: unknown;
    try {
      ({ Body: body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name })));
    } catch (error) {
      throw this.failure(error, name);
    }
    if (!(body instanceof Readable)) throw new BackupTargetError(M.backupNotFound(name), 404);
    return relay(
      body,
      (error) => this.failure(error, name),
      () => {},
      () => {},
    );
  }

  async list(): Promise<StoredBackup[]> {
    const stored: StoredBackup[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(
          // The delimiter keeps the listing to the prefix's own level, as a folder's would be.
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, Delimiter: '/', ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(this.prefix.length) ?? '';
          if (!isFolioBackupName(name)) continue;
          stored.push({ name, size: object.Size ?? 0, modifiedAt: object.LastModified?.toISOString() ?? null });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw this.failure(error, null);
    }
    return stored;
  }

  async remove(name: string): Promise<void> {
    this.assertOwnName(name);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
    } catch (error) {
      throw this.failure(error, name);
    }
  }

  private assertOwnName(name: string): void {
    if (!isFolioBackupName(name)) throw new BackupTargetError(M.notFolioBackup(name), 400);
  }

  /** `error` in the owner's words (never the secret); `name` is the backup the request was about. */
  private failure(error: unknown, name: string | null): BackupTargetError {
    if (error instanceof BackupTargetError) return error;
    const network = networkFailure(error, this.host);
    if (network) return network;
    const code = (error as { name?: unknown } | null)?.name;
    const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
    switch (code) {
      case 'InvalidAccessKeyId':
      case 'SignatureDoesNotMatch':
        return new BackupTargetError(M.s3KeyInvalid);
      case 'AccessDenied':
        return new BackupTargetError(M.s3AccessDenied);
      case 'NoSuchBucket':
        return new BackupTargetError(M.s3NoSuchBucket(this.bucket));
      case 'EntityTooLarge':
        return new BackupTargetError(M.s3EntityTooLarge);
      case 'NoSuchKey':
      case 'NotFound':
        if (name !== null) return new BackupTargetError(M.backupNotFound(name), 404);
    }
    if (status === 403) return new BackupTargetError(M.s3AccessDenied);
    if (typeof status === 'number') return new BackupTargetError(M.s3Status(typeof code === 'string' ? code : String(status)));
    return new BackupTargetError(error instanceof Error ? error.message : String(error));
  }
}
