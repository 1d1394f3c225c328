import { redirect } from 'next/navigation';
import { requireMember } from '@/lib/accountGuard';
import { accountHref } from '@/lib/accountRoutes';

/** /account alone: the member's own account (a visitor goes to the login modal). */
export default async function AccountIndex() {
  redirect(accountHref((await requireMember()).uid));
}
