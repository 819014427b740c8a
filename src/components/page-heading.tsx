import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { documentTitle } from '../../common/rules/document-title'

let firstPage = true

/**
 * Each page's h1. It sets the document title (`title`; empty for the store's home, whose title
 * is the store's name alone) and, after a client-side navigation, takes focus
 * so a screen reader announces the new page and keyboard users start from its top. The very
 * first page load keeps the browser's natural focus.
 */
export function PageHeading({
  children,
  title,
  id,
}: {
  children: ReactNode
  title: string
  id?: string
}) {
  const ref = useRef<HTMLHeadingElement>(null)
  const location = useLocation()
  useEffect(() => {
    const root = document.documentElement
    // Kept for the header, which sets the title again once the store's name arrives; until
    // then the title stays what the page came with (the server's, or index.html's).
    root.dataset.pageTitle = title
    if (root.dataset.store) document.title = documentTitle(title, root.dataset.store)
  }, [title])
  useEffect(() => {
    if (firstPage) {
      firstPage = false
      return
    }
    // Without scrolling: where the page opens is the scroll manager's (the top, or back where the
    // visitor was), and a focused heading would pull a page restored further down to its top.
    ref.current?.focus({ preventScroll: true })
    // Per path, not per location: a filter or sort written to the query string must not pull
    // focus away from the control the person is using.
  }, [location.pathname])
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  )
}
