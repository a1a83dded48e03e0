import { useEffect, useState } from 'react';
import { DotLoading } from 'antd-mobile';

/** The full-screen loader shown for the first second after start (docs/product.md#the-route-table-and-its-guard). */
export const SPLASH_MS = 1000;

export function Splash() {
  const [phase, setPhase] = useState<'shown' | 'leaving' | 'gone'>('shown');
  useEffect(() => {
    // Counted from page start, so the static splash in index.html and this one make one second together.
    const elapsed = typeof performance === 'undefined' ? 0 : performance.now();
    const leave = setTimeout(() => setPhase('leaving'), Math.max(0, SPLASH_MS - elapsed));
    const gone = setTimeout(() => setPhase('gone'), Math.max(0, SPLASH_MS - elapsed) + 250);
    return () => {
      clearTimeout(leave);
      clearTimeout(gone);
    };
  }, []);
  if (phase === 'gone') return null;
  return (
    <div className={`splash ${phase === 'leaving' ? 'splash-leaving' : ''}`} data-testid="splash" aria-busy="true">
      <img src="/logo.svg" width={88} height={88} alt="" />
      <div className="splash-name">LUCKY 28</div>
      <DotLoading color="#f6c84c" />
    </div>
  );
}

/** The static start-up picture (as in index.html), shown while the first route's code loads. */
export function BootSplash() {
  return (
    <div className="splash" aria-busy="true">
      <img src="/logo.svg" width={88} height={88} alt="" />
      <div className="splash-name">LUCKY 28</div>
    </div>
  );
}
