'use client';

/* eslint-disable @typescript-eslint/no-require-imports -- the server's branch of lazyPart */
import { lazyPart } from '@/lib/lazyPart';
// The parts' own styles come with the page, not with their code: the server draws the parts, and
// drawn without their styles until hydration they would jump into place.
import './CarSearch.module.css';
import './VerticalSlider.module.css';
import './VideoOverlay.module.css';

// Block parts only the pages that draw them load (lib/lazyPart.tsx says how).
const server = typeof window === 'undefined';

export const CarSearch = lazyPart(
  server ? (require('./CarSearch') as typeof import('./CarSearch')).CarSearch : null,
  () => import('./CarSearch').then((m) => m.CarSearch),
);
export const VideoOverlay = lazyPart(
  server ? (require('./VideoOverlay') as typeof import('./VideoOverlay')).VideoOverlay : null,
  () => import('./VideoOverlay').then((m) => m.VideoOverlay),
);
export const VerticalSlider = lazyPart(
  server ? (require('./VerticalSlider') as typeof import('./VerticalSlider')).VerticalSlider : null,
  () => import('./VerticalSlider').then((m) => m.VerticalSlider),
);
export const EmbeddedForm = lazyPart(
  server ? (require('./EmbeddedForm') as typeof import('./EmbeddedForm')).EmbeddedForm : null,
  () => import('./EmbeddedForm').then((m) => m.EmbeddedForm),
);
