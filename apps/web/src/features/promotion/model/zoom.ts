/** The promotion overlay's zoom (docs/product.md#game-screens): 0.5× to 3×, in steps of 0.1. */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;

/** Clamped to [0.5, 3] and rounded to a step (no floating-point drift such as 1.2000000000000002). */
export const clampZoom = (z: number) => Number(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z / ZOOM_STEP) * ZOOM_STEP)).toFixed(1));

/** One wheel notch: scrolling down (positive deltaY) shrinks, up enlarges. */
export const zoomByWheel = (zoom: number, deltaY: number) => (deltaY === 0 ? zoom : clampZoom(zoom + (deltaY > 0 ? -ZOOM_STEP : ZOOM_STEP)));

/** A pinch: the zoom at its start times how much the fingers' distance changed. */
export const zoomByPinch = (startZoom: number, startDistance: number, distance: number) =>
  startDistance > 0 ? clampZoom((startZoom * distance) / startDistance) : startZoom;
