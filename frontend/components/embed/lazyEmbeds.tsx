'use client';

/* eslint-disable @typescript-eslint/no-require-imports -- the server's branch of lazyPart */
import { lazyPart } from '@/lib/lazyPart';
// The parts' own styles come with the page, not with their code: the server draws the parts, and
// drawn without their styles until hydration they would jump into place.
import './SweepPromo.module.css';

// The page's embedded frames and sweepstakes promos, loaded only by the pages that draw one
// (lib/lazyPart.tsx).
const server = typeof window === 'undefined';

export const SweepPromo = lazyPart(
  server ? (require('./SweepPromo') as typeof import('./SweepPromo')).SweepPromo : null,
  () => import('./SweepPromo').then((m) => m.SweepPromo),
);
export const EmbedFrame = lazyPart(
  server ? (require('./EmbedFrame') as typeof import('./EmbedFrame')).EmbedFrame : null,
  () => import('./EmbedFrame').then((m) => m.EmbedFrame),
);
