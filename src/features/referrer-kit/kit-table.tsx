import type { ReactNode } from 'react'

/*
 * The kit's tables (leads, earnings) on a phone: each row a block of its own, each value under
 * its column's name, instead of four columns cut at the screen's right edge (a region that
 * scrolled sideways, with nothing saying so). The roles are written out because some browsers
 * drop a table's semantics once CSS changes its display; a screen reader still reads a table,
 * its headers naming each cell, so the names shown beside the values are hidden from it.
 * referrer-kit.css lays them out.
 */

/** A cell with its column's name, shown only where rows are stacked (a phone). */
export function Cell({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <td role="cell" className={className}>
      <span className="kit-table__label" aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  )
}

/** The header cell of a column. */
export function Header({ className, children }: { className?: string; children: string }) {
  return (
    <th role="columnheader" scope="col" className={className}>
      {children}
    </th>
  )
}
