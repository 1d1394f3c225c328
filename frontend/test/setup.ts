import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installDialog } from './dialog';

installDialog();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// The lazy parts (lib/lazyPart.tsx) load their code in the browser with import(), which React
// waits for in a Suspense boundary; the tests draw the parts themselves, at once, as the server
// does. e2e/lazyParts.spec.ts holds a part's code on a real page.
vi.mock('@/components/blocks/lazyBlocks', async () => ({
  CarSearch: (await import('@/components/blocks/CarSearch')).CarSearch,
  EmbeddedForm: (await import('@/components/blocks/EmbeddedForm')).EmbeddedForm,
  VerticalSlider: (await import('@/components/blocks/VerticalSlider')).VerticalSlider,
  VideoOverlay: (await import('@/components/blocks/VideoOverlay')).VideoOverlay,
}));
vi.mock('@/components/embed/lazyEmbeds', async () => ({
  EmbedFrame: (await import('@/components/embed/EmbedFrame')).EmbedFrame,
  SweepPromo: (await import('@/components/embed/SweepPromo')).SweepPromo,
}));
vi.mock('@/components/page/lazyParts', async () => ({
  GateModal: (await import('@/components/auth/GateModal')).GateModal,
  HotelSearch: (await import('@/components/hotels/HotelSearch')).HotelSearch,
  LivestreamView: (await import('@/components/livestream/LivestreamView')).LivestreamView,
  UnionChoice: (await import('@/components/unions/UnionChoice')).UnionChoice,
}));
