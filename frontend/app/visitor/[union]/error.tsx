'use client';

// The same boundary as the pages rendered per request.
export { default } from '@/app/(site)/error';
