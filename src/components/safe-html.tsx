import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react'
import { sanitizeHtml } from '../lib/sanitize-html'
import { useHydrated } from '../state/use-hydrated'

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
 * instead of filling in (and pushing the page down) after hydration. A server render given no
 * sanitiser leaves the box empty.
 *
 * Hydrating a server render, the browser adopts the markup on screen (found by the hook's id,
 * which server and browser agree on) instead of sanitising again: React keeps a box's server
 * markup whatever it is given (it does not patch inner HTML), so running DOMPurify then was pure
 * cost inside hydration's longest task (~30 ms on a phone at 4× CPU, the paid order's legend), and
 * where the engines differ it was a mismatch React reported. What is adopted is what the server's
 * sanitiser wrote and the browser already shows. A box the browser renders alone (another page,
 * a changed parameter) goes through DOMPurify as before.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const serverSanitize = useContext(ServerSanitize)
  const id = useId()
  // Only while hydrating: then the page holds nothing but the server's HTML, whose sanitiser
  // drops every id from tenant markup, so the element with this id is the box the server wrote.
  const hydrating = !useHydrated()
  const [served] = useState(() =>
    serverSanitize || !hydrating || typeof document === 'undefined'
      ? undefined
      : { html, markup: document.getElementById(id)?.innerHTML },
  )
  const clean = useMemo(() => {
    if (serverSanitize) return serverSanitize(html)
    if (typeof document === 'undefined') return ''
    if (served?.markup !== undefined && served.html === html) return served.markup
    return sanitizeHtml(html)
  }, [serverSanitize, html, served])
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}
