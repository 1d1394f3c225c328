'use client';

import dynamic from 'next/dynamic';

// Block parts whose code only the pages that draw them load (issue 38). Turbopack puts every
// client component a page's server components import into that page's chunks, whether the page
// draws it or not; a `next/dynamic` import from here gets a chunk of its own, which a page names
// (a preload link, from the server's render) only when it draws the part.
//
// Each is still drawn by the server, and hydrates once its code has arrived, in a Suspense
// boundary of its own (the `loading` option makes next/dynamic add one; without it a part waiting
// for its code would look hydrated to the early-input script and a press there would be lost).
// Until then, what is pressed or typed in it is held and replayed (lib/earlyInputScript.ts).
const none = () => null;

export const CarSearch = dynamic(() => import('./CarSearch').then((m) => m.CarSearch), { loading: none });
export const VideoOverlay = dynamic(() => import('./VideoOverlay').then((m) => m.VideoOverlay), { loading: none });
export const VerticalSlider = dynamic(() => import('./VerticalSlider').then((m) => m.VerticalSlider), { loading: none });
export const EmbeddedForm = dynamic(() => import('./EmbeddedForm').then((m) => m.EmbeddedForm), { loading: none });
