import { defineConfig } from 'vitest/config';
import { rjsfShims, srcAlias } from './vite.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // RJSF with the browser build's shims (vite.config.ts): forms are tested as they ship.
          alias: [...srcAlias, ...rjsfShims],
          server: { deps: { inline: [/@rjsf[\\/](core|utils)/] } },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          alias: srcAlias,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
