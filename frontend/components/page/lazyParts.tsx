'use client';

import dynamic from 'next/dynamic';

// Parts of a content page that few pages draw, each loaded only by the pages that draw it: see
// components/blocks/lazyBlocks.tsx for why, and why each has a Suspense boundary of its own.
const none = () => null;

export const HotelSearch = dynamic(() => import('@/components/hotels/HotelSearch').then((m) => m.HotelSearch), { loading: none });
export const LivestreamView = dynamic(() => import('@/components/livestream/LivestreamView').then((m) => m.LivestreamView), {
  loading: none,
});
export const GateModal = dynamic(() => import('@/components/auth/GateModal').then((m) => m.GateModal), { loading: none });
export const UnionChoice = dynamic(() => import('@/components/unions/UnionChoice').then((m) => m.UnionChoice), { loading: none });
