import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

/** The server entry: read config, listen, and shut down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const app = await createApp(config, { logger, warmUp: true });
  const port = await app.listen();
  logger.info(
    `Folio is listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (data: ${config.dataDir})`,
  );

  if (!config.publicUrl) {
    // Absolute links are never taken from the request's Host header (see web/site-origin.ts).
    logger.info(
      'Warning: PUBLIC_URL is not set; canonical links, the sitemap and the RSS feed point at the listening address. Set PUBLIC_URL to the public origin of the site.',
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests and writes`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      logger.error('Shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
