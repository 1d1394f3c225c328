'use client';

import dynamic from 'next/dynamic';

// The blocks few pages have, each loaded only by a page that draws it (issue 38). Turbopack puts
// every client component a page's server components import into that page's chunks, so a content
// page would otherwise load the code of every rare part the CMS could place on it.
//
// next/dynamic with server rendering and no `loading` has no Suspense boundary of its own (its
// `Loadable` wraps a Fragment), so:
// - the server draws the part in place, inside the page's shell, never in a streamed boundary
//   React reveals with a script (which a browser without scripts would never show), and asks the
//   browser to preload its chunk (a low-priority `<link rel="preload">`);
// - in the browser, hydration suspends at the root until the chunk has arrived, keeping the
//   server's drawing; nothing is committed before, so no context above can change and make React
//   draw the part again. What is pressed or typed meanwhile is held and replayed once the page is
//   live (lib/earlyInputScript.ts), as for any press before hydration.
// So a page without these parts never loads their code, and a page with them loads it at once,
// beside its other scripts.
//
// The same is done for the other features' rare parts in their own `lazy.tsx`.

export const CarSearch = dynamic(() => import('./CarSearch').then((module) => module.CarSearch));
export const EmbeddedForm = dynamic(() => import('./EmbeddedForm').then((module) => module.EmbeddedForm));
export const VerticalSlider = dynamic(() => import('./VerticalSlider').then((module) => module.VerticalSlider));
export const VideoOverlay = dynamic(() => import('./VideoOverlay').then((module) => module.VideoOverlay));
