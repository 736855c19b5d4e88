/**
 * The real server with one change, for the kill test: its backup targets copy half an archive
 * under the partial name and then stall, so a SIGKILL lands mid-upload.
 */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { FolderTarget } from '../../src/services/backups/folder-target.js';

const config = loadConfig(process.env, { dotenv: false });
const app = await createApp(config, {
  logger: createLogger(config.logLevel),
  backups: {
    createTarget: (settings, context) => {
      const folder = new FolderTarget(settings.id, settings.kind === 'folder' ? settings.path : 'backups', context.dataDir);
      return {
        id: folder.id,
        async upload(name, localPath, size) {
          await mkdir(folder.folder, { recursive: true });
          const source = await open(localPath, 'r');
          const partial = await open(path.join(folder.folder, `.${name}.partial`), 'w');
          const half = Buffer.alloc(Math.max(1, Math.floor(size / 2)));
          await source.read(half, 0, half.length, 0);
          await partial.write(half);
          await partial.sync();
          await Promise.all([source.close(), partial.close()]);
          console.info(`upload stalled: ${name}`);
          await new Promise(() => {});
        },
        download: (name) => folder.download(name),
        list: () => folder.list(),
        remove: (name) => folder.remove(name),
      };
    },
  },
});
const port = await app.listen(config.port, config.host);
console.info(`Folio is listening on http://${config.host}:${port}`);
