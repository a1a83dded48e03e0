import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children (typically a `lazy()` component) only once their place scrolls near the
 * screen, so a below-the-fold section's code stays out of the first screen's download (docs/design.md#performance-budgets).
 * Without IntersectionObserver it renders them at once.
 */
export function LazyWhenVisible({ children, minHeight = 200 }: { children: ReactNode; minHeight?: number }) {
  const spot = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (visible || !spot.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(spot.current);
    return () => observer.disconnect();
  }, [visible]);

  const space = <div ref={spot} style={{ minHeight }} aria-hidden data-lazy-spot />;
  if (!visible) return space;
  return <Suspense fallback={space}>{children}</Suspense>;
}
