/** The 36-cell grid of recent draw codes on a home card (docs/product.md#home): newest first, empty cells padded. */
export const CODE_GRID_SIZE = 36;

export type GridCell = { key: string; code: string } | { key: string; code: null };

/**
 * `codes` newest first (as `issueList` returns them). Cells keep stable keys (the round id when
 * known, else the position) so React reuses them and a new draw does not re-create the grid.
 */
export function codeGrid(draws: readonly { id?: string | number; code: string | number }[], size: number = CODE_GRID_SIZE): GridCell[] {
  const cells: GridCell[] = draws.slice(0, size).map((d, i) => ({
    key: d.id !== undefined ? `d${d.id}` : `p${i}`,
    code: String(d.code),
  }));
  for (let i = cells.length; i < size; i++) cells.push({ key: `e${i}`, code: null });
  return cells;
}
