'use client';

/* eslint-disable @typescript-eslint/no-require-imports -- the server's branch of lazyPart */
import { lazyPart } from '@/lib/lazyPart';
// The parts' own styles come with the page, not with their code: the server draws the parts, and
// drawn without their styles until hydration they would jump into place.
import '@/components/auth/AuthModals.module.css';
import '@/components/hotels/HotelSearch.module.css';
import '@/components/livestream/LivestreamView.module.css';
import '@/components/modals/Modal.module.css';
import '@/components/unions/UnionChoice.module.css';

// Parts of a content page few pages draw, loaded only by those (lib/lazyPart.tsx).
const server = typeof window === 'undefined';

export const HotelSearch = lazyPart(
  server ? (require('@/components/hotels/HotelSearch') as typeof import('@/components/hotels/HotelSearch')).HotelSearch : null,
  () => import('@/components/hotels/HotelSearch').then((m) => m.HotelSearch),
);
export const LivestreamView = lazyPart(
  server ? (require('@/components/livestream/LivestreamView') as typeof import('@/components/livestream/LivestreamView')).LivestreamView : null,
  () => import('@/components/livestream/LivestreamView').then((m) => m.LivestreamView),
);
export const GateModal = lazyPart(
  server ? (require('@/components/auth/GateModal') as typeof import('@/components/auth/GateModal')).GateModal : null,
  () => import('@/components/auth/GateModal').then((m) => m.GateModal),
);
export const UnionChoice = lazyPart(
  server ? (require('@/components/unions/UnionChoice') as typeof import('@/components/unions/UnionChoice')).UnionChoice : null,
  () => import('@/components/unions/UnionChoice').then((m) => m.UnionChoice),
);
