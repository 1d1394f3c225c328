import { redirect } from 'next/navigation';
import { loginHref } from '@/lib/returnTo';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /login. Spec 1 §2 lists it beside login/partner/{id} as 'Partner login', but that page needs a
 * partner and the partner's opener window; without them it has nothing to do. A person typing
 * /login, or following an old link to it, wants to sign in: they get the site's login modal over
 * home (as a gated route sends them), keeping a same-site `?destination=` to come back to. A
 * signed-in member's modal closes at once (or goes on to the destination).
 */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const { destination } = await searchParams;
  redirect(loginHref(typeof destination === 'string' ? destination : null));
}
