'use client';

import dynamic from 'next/dynamic';

// Partner embeds and the sweepstakes promo (a few pages), loaded only by a page that draws it: see
// components/blocks/lazy.tsx.
export const EmbedFrame = dynamic(() => import('./EmbedFrame').then((module) => module.EmbedFrame));
export const SweepPromo = dynamic(() => import('./SweepPromo').then((module) => module.SweepPromo));
