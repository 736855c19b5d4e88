import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: the only keys it accepts. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

export interface S3Server {
  /** `http://127.0.0.1:<port>`: use with path-style addressing. */
  endpoint: string;
  /** The folder on disk s3rver keeps its buckets in (`<root>/<bucket>/…`). */
  root: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server on loopback: the `s3rver` package in this process, over a temp
 * folder, on a port the kernel picks, with `buckets` created. s3rver checks the access key id but
 * not a V4 signature, so a wrong key is one it does not know.
 */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'folio-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: root,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    root,
    async stop() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
