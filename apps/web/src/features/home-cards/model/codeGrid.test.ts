import { describe, expect, it } from 'vitest';
import { codeGrid, CODE_GRID_SIZE } from './codeGrid';

describe('codeGrid', () => {
  it('pads a short history with empty cells up to 36', () => {
    const grid = codeGrid([
      { id: 9, code: '15' },
      { id: 8, code: 3 },
    ]);
    expect(grid).toHaveLength(CODE_GRID_SIZE);
    expect(grid[0]).toEqual({ key: 'd9', code: '15' });
    expect(grid[1]).toEqual({ key: 'd8', code: '3' });
    expect(grid.slice(2).every((c) => c.code === null)).toBe(true);
    expect(new Set(grid.map((c) => c.key)).size).toBe(CODE_GRID_SIZE);
  });
  it('keeps only the 36 newest draws', () => {
    const draws = Array.from({ length: 50 }, (_, i) => ({ id: 100 - i, code: String(i % 28) }));
    const grid = codeGrid(draws);
    expect(grid).toHaveLength(36);
    expect(grid[35]).toEqual({ key: 'd65', code: '7' });
  });
  it('an empty history is all empty cells', () => {
    expect(codeGrid([]).filter((c) => c.code !== null)).toHaveLength(0);
  });
});
