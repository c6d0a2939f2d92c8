import { useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { CELL_RANGE, columnLetters, parseAddress, type CellMapping, type SheetGrid } from '@bo/shared/schemas/staff-excel';

export interface Area {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export function rangeArea(range: string): Area {
  const m = CELL_RANGE.exec(range);
  const a = parseAddress(m ? m[1]! : range);
  const b = m ? parseAddress(m[2]!) : a;
  return { top: Math.min(a.row, b.row), left: Math.min(a.col, b.col), bottom: Math.max(a.row, b.row), right: Math.max(a.col, b.col) };
}

/** Excel's units on screen: a column of w characters is about 7w+5 px, a row of h points 4h/3 px. */
const colPx = (w: number | null) => Math.max(24, Math.round((w ?? 8.43) * 7 + 5));
const rowPx = (h: number | null) => Math.max(18, Math.round((h ?? 15) * (4 / 3)));

export interface SheetGridViewProps {
  grid: SheetGrid;
  mappings: CellMapping[];
  selected: string | null;
  onSelect(address: string): void;
  /** The text each mapped cell shows: its label while mapping, the staff's value in preview. */
  labelOf(m: CellMapping): string;
  preview: boolean;
  photoUrl?: string | null;
  /** Roster layout: the start row is marked. */
  startRow?: number;
}

/**
 * The template's first sheet drawn as a grid: column widths, row heights, merges, fills, fonts and
 * borders as the server read them. Clicking a cell (or a merge) selects its top-left address.
 */
export function SheetGridView({ grid, mappings, selected, onSelect, labelOf, preview, photoUrl, startRow }: SheetGridViewProps) {
  const rows = grid.rows.length;
  const cols = grid.columns.length;
  const merges = useMemo(() => grid.merges.map(rangeArea), [grid.merges]);
  const cells = useMemo(() => new Map(grid.cells.map((c) => [c.address, c])), [grid.cells]);
  const byCell = useMemo(() => new Map(mappings.map((m) => [m.cell, m])), [mappings]);
  const photo = mappings.find((m): m is Extract<CellMapping, { type: 'photo' }> => m.type === 'photo');
  const photoArea = photo ? rangeArea(photo.range) : null;
  const covered = useMemo(() => {
    const s = new Set<string>();
    for (const g of merges)
      for (let r = g.top; r <= g.bottom; r++)
        for (let c = g.left; c <= g.right; c++) if (r !== g.top || c !== g.left) s.add(`${columnLetters(c)}${r}`);
    return s;
  }, [merges]);

  const template: CSSProperties = {
    gridTemplateColumns: `36px ${grid.columns
      .map(colPx)
      .map((w) => `${w}px`)
      .join(' ')}`,
    gridTemplateRows: `22px ${grid.rows
      .map(rowPx)
      .map((h) => `${h}px`)
      .join(' ')}`,
  };
  const items: ReactElement[] = [<div key="corner" className="sg-head sg-corner" style={{ gridRow: 1, gridColumn: 1 }} />];
  for (let c = 1; c <= cols; c++)
    items.push(
      <div key={`h${c}`} className="sg-head sg-col-head" style={{ gridRow: 1, gridColumn: c + 1 }}>
        {columnLetters(c)}
      </div>,
    );
  for (let r = 1; r <= rows; r++) {
    items.push(
      <div
        key={`r${r}`}
        className={`sg-head sg-row-head${startRow === r ? ' sg-start-row' : ''}`}
        style={{ gridRow: r + 1, gridColumn: 1 }}
      >
        {r}
      </div>,
    );
    for (let c = 1; c <= cols; c++) {
      const address = `${columnLetters(c)}${r}`;
      if (covered.has(address)) continue;
      const merge = merges.find((g) => g.top === r && g.left === c);
      const cell = cells.get(address);
      const m = byCell.get(address);
      const inPhoto = photoArea && r >= photoArea.top && r <= photoArea.bottom && c >= photoArea.left && c <= photoArea.right;
      const style: CSSProperties = {
        gridRow: merge ? `${r + 1} / ${Math.min(merge.bottom, rows) + 2}` : r + 1,
        gridColumn: merge ? `${c + 1} / ${Math.min(merge.right, cols) + 2}` : c + 1,
        background: cell?.fill,
        color: cell?.color,
        fontWeight: cell?.bold ? 600 : undefined,
        fontStyle: cell?.italic ? 'italic' : undefined,
        fontSize: cell?.font_size ? Math.min(20, Math.max(10, cell.font_size)) : undefined,
        justifyContent:
          cell?.align === 'center' || cell?.align === 'centerContinuous' ? 'center' : cell?.align === 'right' ? 'flex-end' : undefined,
      };
      const classes = ['sg-cell'];
      if (cell?.border) classes.push('sg-border');
      if (m) classes.push(m.type === 'photo' ? 'sg-mapped sg-photo' : 'sg-mapped');
      else if (inPhoto) classes.push('sg-photo-area');
      if (selected === address) classes.push('sg-selected');
      let content: ReactNode = cell?.value ?? '';
      if (m && m.type === 'photo') {
        content = preview && photoUrl ? <img src={photoUrl} alt="" /> : labelOf(m);
      } else if (m) content = labelOf(m);
      items.push(
        <button
          type="button"
          key={address}
          className={classes.join(' ')}
          style={style}
          title={address}
          onClick={() => onSelect(address)}
          data-cell={address}
          aria-pressed={selected === address}
        >
          <span>{content}</span>
        </button>,
      );
    }
  }
  return (
    <div className={`sheet-grid${preview ? ' sheet-grid-preview' : ''}`} data-testid="sheet-grid">
      <div className="sg-inner" style={template}>
        {items}
      </div>
    </div>
  );
}

/** The top-left cell of the merge holding `address`, or the address itself. */
export function masterAddress(grid: SheetGrid, address: string): { address: string; range: string | null } {
  const a = parseAddress(address);
  for (const range of grid.merges) {
    const g = rangeArea(range);
    if (a.row >= g.top && a.row <= g.bottom && a.col >= g.left && a.col <= g.right)
      return { address: `${columnLetters(g.left)}${g.top}`, range };
  }
  return { address, range: null };
}
