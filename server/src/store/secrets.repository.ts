import path from 'node:path';
import { DurableJsonFile } from '@folio/shared/durable-file';
import type { SecretsFile } from './records.js';

/** `secrets.json`: the generated JWT secret and admin password hash, readable by the owner only. */
export class SecretsRepository {
  private readonly file: DurableJsonFile<SecretsFile>;

  constructor(dataDir: string) {
    this.file = new DurableJsonFile<SecretsFile>(path.join(dataDir, 'secrets.json'), 0o600);
  }

  async read(): Promise<SecretsFile> {
    return (await this.file.read()) ?? {};
  }

  async write(secrets: SecretsFile): Promise<void> {
    await this.file.write(secrets);
  }
}
