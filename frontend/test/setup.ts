import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadedDynamics } from './dynamicMock';

vi.mock('next/dynamic', () => import('./dynamicMock'));

// Components loaded with next/dynamic are in place before any test renders them.
beforeAll(() => loadedDynamics());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
