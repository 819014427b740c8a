import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { sanitizeHtml } from '../lib/sanitize-html'

type Sanitize = (html: string) => string

const ServerSanitize = createContext<Sanitize | null>(null)

/**
 * Around a server render only (src/entry-server.tsx, with `sanitizeHtmlOnServer`): the browser
 * never loads the server's engine.
 */
export function ServerSanitizer({
  sanitize,
  children,
}: {
  sanitize: Sanitize
  children: ReactNode
}) {
  return <ServerSanitize value={sanitize}>{children}</ServerSanitize>
}

/**
 * Tenant markup, sanitised before it is rendered. Two engines, one policy (lib/sanitize-policy.ts):
 * DOMPurify needs a DOM, which the relay cannot afford (jsdom: a second to load, half its heap),
 * so a server render uses the DOM-free sanitiser it is given, and the markup is in the first view
 * instead of filling in (and pushing the page down) after hydration. The browser sanitises with
 * DOMPurify from its first render on: hydration keeps the server's markup (React does not patch
 * inner HTML), it is never blanked. A server render given no sanitiser leaves the box empty.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const serverSanitize = useContext(ServerSanitize)
  const clean = useMemo(() => {
    if (serverSanitize) return serverSanitize(html)
    return typeof document === 'undefined' ? '' : sanitizeHtml(html)
  }, [serverSanitize, html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}
