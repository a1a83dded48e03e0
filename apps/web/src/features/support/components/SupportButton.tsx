import { lazy, Suspense } from 'react';
import { useSupportConfig } from '../api/support';

// The bubble (its styles, icon and hand-off logic) loads only once the server says a chat exists.
const SupportBubble = lazy(() => import('./SupportBubble'));

/**
 * The floating customer-service button (docs/product.md#what-the-product-does-and-for-whom, #home): shown only when the server reports a
 * configured chat; a failed or pending config answer shows nothing.
 */
export function SupportButton() {
  const config = useSupportConfig();
  if (!config.data?.enabled) return null;
  return (
    <Suspense fallback={null}>
      <SupportBubble />
    </Suspense>
  );
}
