import 'server-only';
import { connection } from 'next/server';
import { getSite } from '@/lib/bff/server';
import { requestUnion } from '@/lib/request';

/**
 * What both Plus More pages need from the request, as PlusMorePage's props: the configured product
 * name (undefined when the chrome cannot be read: the page still works) and the union it is
 * personalised for.
 */
export async function plusMoreContext(): Promise<{ productName?: string; defaultUnion?: string }> {
  await connection();
  const union = await requestUnion();
  try {
    return { productName: (await getSite(union)).productName, defaultUnion: union };
  } catch {
    return { defaultUnion: union };
  }
}
