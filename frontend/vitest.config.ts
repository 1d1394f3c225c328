import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // React's automatic runtime through Oxc, Vite's transformer, so no React plugin is needed for tests.
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // The guard is for Next's bundler, which keeps server modules out of the browser's bundle;
      // tests load server and client modules side by side.
      'server-only': fileURLToPath(new URL('./test/serverOnly.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
