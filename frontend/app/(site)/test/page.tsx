import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { config } from '@/lib/config';
import { TestBench } from '@/components/shell/TestBench';

export const metadata: Metadata = { title: 'Test bench', robots: { index: false, follow: false } };

/**
 * /test: only in development and test environments (spec 1 §1); the proxy answers 404 elsewhere
 * (lib/missingPage.ts), and this page checks again.
 */
export default function TestPage() {
  if (!config.testRoute) notFound();
  return <TestBench />;
}
