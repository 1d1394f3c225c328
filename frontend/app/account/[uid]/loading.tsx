import { LoadingIndicator } from '@/components/common/LoadingIndicator';

/** While a tab's data comes from the BFF, under the hero and tabs that are already there. */
export default function AccountLoading() {
  return <LoadingIndicator />;
}
