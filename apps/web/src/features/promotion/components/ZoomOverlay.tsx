import { useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent as ReactWheelEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { zoomByPinch, zoomByWheel } from '../model/zoom';

/**
 * The full-screen view of the promotional image: wheel and pinch zoom between 0.5× and 3× in 0.1
 * steps; a tap anywhere closes it (a pinch does not).
 */
export function ZoomOverlay({ src, alt, onClose }: { src: string; alt: string; onClose(): void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ zoom: number; distance: number } | null>(null);
  const pinched = useRef(false);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) pinched.current = false;
    if (pointers.current.size === 2) {
      pinch.current = { zoom, distance: distance() };
      pinched.current = true;
    }
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current && pointers.current.size === 2) setZoom(zoomByPinch(pinch.current.zoom, pinch.current.distance, distance()));
  };
  const onPointerEnd = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  const onWheel = (e: ReactWheelEvent) => setZoom((z) => zoomByWheel(z, e.deltaY));

  return createPortal(
    <div
      className="promo-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t('promotion.overlay')}
      data-testid="promo-overlay"
      data-zoom={zoom.toFixed(1)}
      onWheel={onWheel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onClick={() => {
        if (!pinched.current) onClose();
      }}
    >
      <img src={src} alt={alt} style={{ transform: `scale(${zoom})` }} draggable={false} />
    </div>,
    document.body,
  );
}
