// ESLint over the frontend: Next's own rules (core web vitals, TypeScript), the rules of hooks, and
// jsx-a11y's recommended accessibility rules. `make test` runs it through `npm -w frontend run lint`.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import jsxA11y from 'eslint-plugin-jsx-a11y';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // eslint-config-next already registers the jsx-a11y plugin with a handful of its rules; this
  // turns on the rest of the recommended set.
  { files: ['**/*.{js,jsx,mjs,ts,tsx}'], rules: jsxA11y.flatConfigs.recommended.rules },
  // The rule is for the app's own pages, which navigate with next/link. In unit tests and
  // Playwright specs a plain anchor is a fixture standing for any link a page may hold.
  { files: ['test/**', 'e2e/**'], rules: { '@next/next/no-html-link-for-pages': 'off' } },
  // A disable comment that no longer silences anything is a lie about the code: fail on it.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  globalIgnores(['.next/**', 'next-env.d.ts', 'lib/bff/schema.d.ts', 'test-results/**', 'playwright-report/**']),
]);
