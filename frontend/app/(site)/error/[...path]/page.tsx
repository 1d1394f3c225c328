import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/common/NotFoundMessage';

type Props = { params: Promise<{ path: string[] }> };

const holds404 = (path: string[]) => path.join('/').includes('404');

/**
 * 'Not Found' or 'Error', never indexed (spec 1 §2), with one robots tag: the 404 says 'noindex'
 * itself; the 500 throws, and Next writes 'noindex' on error answers.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { path } = await params;
  if (holds404(path)) return { title: { absolute: 'Not Found' }, robots: { index: false } };
  return { title: { absolute: 'Error' } };
}

/**
 * /error/*path (spec 1 §2): a 404 when the path holds 404, else a 500, each with its real HTTP
 * status. The 404 draws the not-found message itself rather than calling notFound(), so the
 * server's HTML holds it (Next leaves the body of a dynamic notFound() to the browser); the proxy
 * gives it status 404, and rewrites every address with no page here (lib/missingPage.ts). The
 * 500 throws to this route's error boundary.
 */
export default async function ErrorRoute({ params }: Props) {
  const { path } = await params;
  if (holds404(path)) return <NotFoundMessage />;
  throw new Error(`error route: ${path.join('/')}`);
}
