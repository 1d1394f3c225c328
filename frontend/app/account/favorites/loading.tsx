import { LoadingIndicator } from '@/components/common/LoadingIndicator';

export default function FavoritesLoading() {
  return <LoadingIndicator />;
}
