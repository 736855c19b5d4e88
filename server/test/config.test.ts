import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { apiClient } from '../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from './support/server-process.js';

const load = (env: Record<string, string>) => loadConfig(env, { dotenv: false });

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      adminUsername: 'admin',
      adminPassword: undefined,
      jwtSecret: undefined,
      corsOrigins: [],
      publicUrl: undefined,
      ai: undefined,
      recycleBinRetentionMs: 15 * 24 * 60 * 60 * 1000,
      trustProxy: false,
      trustProxyHops: 1,
      logLevel: 'info',
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable, trimming and normalising values', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/folio',
      ADMIN_USERNAME: ' owner ',
      ADMIN_PASSWORD: ' s3cret ',
      JWT_SECRET: 'x'.repeat(40),
      CORS_ORIGINS: 'https://a.example, https://b.example ,',
      PUBLIC_URL: 'https://blog.example.com//',
      AI_BASE_URL: 'http://127.0.0.1:9999/v1',
      AI_API_KEY: 'key',
      AI_MODEL: 'model-x',
      AI_TIMEOUT_MS: '5000',
      RECYCLE_BIN_RETENTION_DAYS: '2',
      TRUST_PROXY: 'true',
      TRUST_PROXY_HOPS: '2',
      WEB_DIST_DIR: '/srv/web',
      LOG_LEVEL: 'silent',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/folio',
      adminUsername: 'owner',
      adminPassword: 's3cret',
      jwtSecret: 'x'.repeat(40),
      corsOrigins: ['https://a.example', 'https://b.example'],
      publicUrl: 'https://blog.example.com',
      ai: { baseUrl: 'http://127.0.0.1:9999/v1', apiKey: 'key', model: 'model-x', timeoutMs: 5000 },
      recycleBinRetentionMs: 2 * 24 * 60 * 60 * 1000,
      trustProxy: true,
      trustProxyHops: 2,
      webDistDir: '/srv/web',
      logLevel: 'silent',
    });
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('treats blank secrets as unset, so a copied .env.example line generates them', () => {
    const config = load({
      ADMIN_PASSWORD: '   ',
      JWT_SECRET: '',
      PUBLIC_URL: ' ',
      AI_BASE_URL: '',
      AI_API_KEY: '',
      AI_MODEL: '',
    });
    expect(config.adminPassword).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.ai).toBeUndefined();
  });

  it('fails with every invalid variable listed', () => {
    let message = '';
    try {
      load({
        PORT: 'eighty',
        JWT_SECRET: 'too-short',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'yes',
        TRUST_PROXY_HOPS: '0',
        AI_TIMEOUT_MS: '-1',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'JWT_SECRET', 'LOG_LEVEL', 'TRUST_PROXY', 'TRUST_PROXY_HOPS', 'AI_TIMEOUT_MS'])
      expect(message).toContain(`${name}:`);
    expect(message).toContain('JWT_SECRET must be at least 32 characters');
    expect(() => load({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => load({ TRUST_PROXY_HOPS: '1.5' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('fetches projects from the public code host unless CODE_HOST_API_URL names another, or is empty for none', () => {
    expect(load({}).codeHost).toEqual({
      apiUrl: 'https://api.github.com',
      timeoutMs: 10_000,
      freshMs: 600_000,
      minIntervalMs: 60_000,
    });
    expect(load({ CODE_HOST_API_URL: ' http://127.0.0.1:9000/api/v3/ ' }).codeHost?.apiUrl).toBe('http://127.0.0.1:9000/api/v3');
    expect(load({ CODE_HOST_API_URL: '' }).codeHost).toBeUndefined();
    expect(() => load({ CODE_HOST_API_URL: 'ftp://example.com' })).toThrow(/CODE_HOST_API_URL/);
  });

  it('needs the AI variables all together or not at all', () => {
    expect(() => load({ AI_BASE_URL: 'http://127.0.0.1:9999/v1', AI_API_KEY: 'key' })).toThrow(
      'AI_BASE_URL, AI_API_KEY and AI_MODEL must be set together',
    );
    expect(() => load({ AI_MODEL: 'model-x' })).toThrow(/must be set together/);
    const config = load({ AI_BASE_URL: 'http://127.0.0.1:9999/v1', AI_API_KEY: 'key', AI_MODEL: 'model-x' });
    expect(config.ai).toEqual({ baseUrl: 'http://127.0.0.1:9999/v1', apiKey: 'key', model: 'model-x', timeoutMs: 30_000 });
  });
});

describe('the server entry and .env', () => {
  it('honours a .env file in the working directory, with real environment variables winning', { timeout: 30_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-env-'));
    await writeFile(path.join(dataDir, '.env'), `ADMIN_USERNAME=owner\nADMIN_PASSWORD=from-dotenv-file\n`);
    // spawnServer sets ADMIN_PASSWORD in the real environment; ADMIN_USERNAME comes only from .env.
    const server = await spawnServer({ dataDir });
    try {
      const api = apiClient(server.url);
      const asOwner = await api('POST', '/api/admin/login', { json: { username: 'owner', password: PROCESS_ADMIN_PASSWORD } });
      expect(asOwner.status).toBe(200);
      expect((await api('POST', '/api/admin/login', { json: { username: 'owner', password: 'from-dotenv-file' } })).status).toBe(
        401,
      );
    } finally {
      await stopServer(server, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
