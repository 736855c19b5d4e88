import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/src/**/*.test.ts',
      'build/**/*.test.ts',
      'server/test/**/*.test.ts',
      'web/src/**/*.test.ts',
      'web/vite/**/*.test.ts',
      'desktop/test/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { TZ: 'UTC' },
  },
});
