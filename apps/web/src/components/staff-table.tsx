import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface StaffColumn<T> {
  key: string;
  /** The column's heading: a word, or a control (a "select all" checkbox) with a label of its own. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the column's heading and cells: a width, `hidden md:table-cell` for a column phones go without. */
  className?: string;
  /** Classes of its cells only (a muted number, a bold title). */
  cellClassName?: string;
}

interface StaffTableProps<T> {
  columns: readonly StaffColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** What the table lists, read by screen readers before its rows. */
  caption?: string;
  /** A row's own classes (a ticked row's tint). */
  rowClassName?: (row: T) => string | undefined;
  /** `top` when a row holds a picture or several lines, so short cells stay level with the first line. */
  align?: 'middle' | 'top';
  /** Classes of the frame: `hidden md:block` where phones get cards instead. */
  className?: string;
  testId?: string;
}

/**
 * The back office's list of records as a table (the article editor's list, the news picker's results, the albums): a
 * framed table whose column headings name each cell for screen readers, which scrolls sideways rather than squeeze
 * when its columns are wider than the screen.
 */
export function StaffTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  rowClassName,
  align = 'middle',
  className,
  testId,
}: StaffTableProps<T>) {
  return (
    <div
      className={clsx('overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm', className)}
      data-testid={testId}
    >
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={clsx('px-3 py-2', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={clsx('px-3 py-2', align === 'top' && 'align-top', column.className, column.cellClassName)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
