import { useMemo } from 'react'
import { sanitizeHtml } from '../lib/sanitize-html'
import { useHydrated } from '../state/use-hydrated'

/**
 * Tenant markup, sanitised (DOMPurify) before it touches the DOM. DOMPurify needs a DOM, so
 * tenant markup is never rendered on the server: a server-rendered page (and its hydration)
 * shows the empty box, and the browser fills it. One sanitiser, in one place (docs/design.md).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const hydrated = useHydrated()
  const clean = useMemo(() => (hydrated ? sanitizeHtml(html) : ''), [hydrated, html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}
