'use client';

import dynamic from 'next/dynamic';

// The page's embedded frames and sweepstakes promos, each loaded only by the pages that draw one:
// see components/blocks/lazyBlocks.tsx for why, and why each has a Suspense boundary of its own.
const none = () => null;

export const SweepPromo = dynamic(() => import('./SweepPromo').then((m) => m.SweepPromo), { loading: none });
export const EmbedFrame = dynamic(() => import('./EmbedFrame').then((m) => m.EmbedFrame), { loading: none });
