import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDialog } from './dialog';

installDialog();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
