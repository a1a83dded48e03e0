import { describe, expect, it } from 'vitest';
import { clampZoom, zoomByPinch, zoomByWheel } from './zoom';

describe('promotion zoom', () => {
  it('steps by 0.1 per wheel notch: down shrinks, up enlarges', () => {
    expect(zoomByWheel(1, 100)).toBe(0.9);
    expect(zoomByWheel(1, -100)).toBe(1.1);
    expect(zoomByWheel(1.1, -3)).toBe(1.2);
    expect(zoomByWheel(1, 0)).toBe(1);
  });

  it('stays between 0.5x and 3x', () => {
    let z = 1;
    for (let i = 0; i < 30; i++) z = zoomByWheel(z, 1);
    expect(z).toBe(0.5);
    for (let i = 0; i < 40; i++) z = zoomByWheel(z, -1);
    expect(z).toBe(3);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0.01)).toBe(0.5);
  });

  it('follows a pinch by the change in finger distance, in 0.1 steps', () => {
    expect(zoomByPinch(1, 100, 200)).toBe(2);
    expect(zoomByPinch(1, 100, 64)).toBe(0.6);
    expect(zoomByPinch(2, 100, 1000)).toBe(3);
    expect(zoomByPinch(1.5, 0, 10)).toBe(1.5);
  });
});
