import { useEffect, useRef, useState } from 'react';
import { Skeleton } from 'antd-mobile';
import type { Banner } from '../api/home';
import './home.css';

export const AUTOPLAY_MS = 3000;

/** Only same-site paths or http(s) links are followed from a banner. */
export const safeLink = (link: string | null) => (link && (/^\/(?!\/)/.test(link) || /^https?:\/\//.test(link)) ? link : null);

/**
 * The home banner carousel with autoplay every 3 s (docs/product.md#home). Native scroll snapping does the
 * swiping, so the first screen needs no animation library.
 */
export function BannerCarousel({ banners, loading }: { banners: Banner[] | undefined; loading: boolean }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners?.length ?? 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || el.clientWidth === 0) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (loading && !banners) return <Skeleton animated className="banner-skeleton" />;
  if (!banners?.length) return null;

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <div className="banner-carousel" data-testid="banner-carousel">
      <div
        ref={track}
        className="banner-track"
        onScroll={onScroll}
        onPointerDown={() => setPaused(true)}
        onPointerUp={() => setPaused(false)}
        onPointerCancel={() => setPaused(false)}
        onTouchStart={() => setPaused(true)}
        onTouchEnd={() => setPaused(false)}
      >
        {banners.map((b, i) => {
          const img = <img className="banner-img" src={b.image} alt="" width={750} height={300} loading={i === 0 ? 'eager' : 'lazy'} draggable={false} />;
          const link = safeLink(b.link);
          return (
            <div className="banner-slide" key={b.id} aria-roledescription="slide">
              {link ? (
                <a href={link} className="banner-link">
                  {img}
                </a>
              ) : (
                img
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="banner-dots" aria-hidden>
          {banners.map((b, i) => (
            <span key={b.id} className={i === active ? 'active' : ''} />
          ))}
        </div>
      )}
    </div>
  );
}
