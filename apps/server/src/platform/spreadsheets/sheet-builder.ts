import { SPREADSHEET_MESSAGES as M, type SpreadsheetLimits } from '@sede/shared/platform/spreadsheets';
import { SpreadsheetError } from './errors.ts';

/**
 * The rows of a sheet as they are read, refusing as soon as a cap is passed: a value beyond the
 * last row allowed (the title row + `rows` of data), beyond the last column, or one cell too many.
 * Rows keep their position (empty rows in between stay, as []); cells are text.
 */
export class SheetBuilder {
  private readonly out: string[][] = [];
  private cells = 0;

  constructor(private readonly limits: Pick<SpreadsheetLimits, 'rows' | 'columns' | 'cells' | 'cellChars'>) {}

  /** One cell with a value (XLSX). */
  set(row: number, col: number, text: string) {
    this.check(row, col, text);
    const cells = (this.out[row] ??= []);
    cells[col] = text;
  }

  /** A whole line, its empty cells kept (CSV); an empty line past the last row allowed is dropped. */
  setRow(row: number, cells: string[]) {
    if (cells.length > this.limits.columns) throw new SpreadsheetError(413, 'SPREADSHEET_TOO_MANY_COLUMNS', M.tooManyColumns(this.limits.columns));
    let filled = false;
    cells.forEach((text, col) => {
      if (text !== '') filled = this.check(row, col, text);
    });
    if (filled || row <= this.limits.rows) this.out[row] = cells;
  }

  private check(row: number, col: number, text: string): true {
    const { limits } = this;
    if (row > limits.rows) throw new SpreadsheetError(413, 'SPREADSHEET_TOO_MANY_ROWS', M.tooManyRows(limits.rows));
    if (col >= limits.columns) throw new SpreadsheetError(413, 'SPREADSHEET_TOO_MANY_COLUMNS', M.tooManyColumns(limits.columns));
    if (text.length > limits.cellChars) throw new SpreadsheetError(413, 'SPREADSHEET_CELL_TOO_LONG', M.cellTooLong(limits.cellChars));
    if (++this.cells > limits.cells) throw new SpreadsheetError(413, 'SPREADSHEET_TOO_MANY_CELLS', M.tooManyCells(limits.cells));
    return true;
  }

  rows(): string[][] {
    const rows = Array.from(this.out, (r) => r ?? []);
    for (const r of rows) for (let i = 0; i < r.length; i++) r[i] ??= '';
    return rows;
  }
}
