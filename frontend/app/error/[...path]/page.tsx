import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

type Props = { params: Promise<{ path: string[] }> };

/** 'Not Found' or 'Error', never indexed (spec 1 §2). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { path } = await params;
  return {
    title: { absolute: path.join('/').includes('404') ? 'Not Found' : 'Error' },
    robots: { index: false, follow: false },
  };
}

/**
 * /error/*path (spec 1 §2): a 404 when the path holds 404, else a 500, each with its real HTTP
 * status. The not-found page draws the first; this route's error boundary draws the second.
 */
export default async function ErrorRoute({ params }: Props) {
  const { path } = await params;
  if (path.join('/').includes('404')) notFound();
  throw new Error(`error route: ${path.join('/')}`);
}
