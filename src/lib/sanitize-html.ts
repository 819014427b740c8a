import DOMPurify from 'dompurify'
import {
  DROPPED_WHEN_EMPTY,
  FORBIDDEN_ATTRS,
  FORBIDDEN_TAGS,
  isDeadHref,
  LINK_REL,
  LINK_TARGET,
  SAFE_URL,
  VISIBLE_WITHOUT_TEXT,
} from '../../common/rules/sanitize-policy'

/**
 * Tenant markup (terms, scheduling legend) is sanitised here in the browser. DOMPurify drops
 * scripts, event handlers and unsafe URLs; on top of that every link opens in a new tab without
 * access to this page (`noopener noreferrer`), a link left without a usable address is unwrapped
 * to its text, and what is left empty is dropped (tidy()). The rules are in sanitize-policy.ts,
 * which the server's sanitiser (sanitize-html-server.ts) reads too.
 */

let hooked = false

function ensureHooks() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', LINK_TARGET)
      node.setAttribute('rel', LINK_REL)
    }
  })
}

const VISIBLE_SELECTOR = VISIBLE_WITHOUT_TEXT.join(', ')

function isEmpty(element: Element): boolean {
  // `trim` also drops no-break spaces: a paragraph of `&nbsp;` is a gap too.
  return element.textContent?.trim() === '' && !element.querySelector(VISIBLE_SELECTOR)
}

function tidy(root: ParentNode): void {
  for (const a of Array.from(root.querySelectorAll('a'))) {
    if (isDeadHref(a.getAttribute('href'))) a.replaceWith(...Array.from(a.childNodes))
  }
  // Innermost first, so a parent emptied by its child's removal goes too.
  for (const element of Array.from(root.querySelectorAll('*')).reverse()) {
    if (DROPPED_WHEN_EMPTY.has(element.localName) && isEmpty(element)) element.remove()
  }
}

export function sanitizeHtml(dirty: string): string {
  // No DOM (a server, a test without jsdom): nothing is sanitised, so nothing is let through.
  if (!DOMPurify.isSupported) return ''
  ensureHooks()
  const fragment = DOMPurify.sanitize(dirty, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRS,
    ALLOWED_URI_REGEXP: SAFE_URL,
    RETURN_DOM_FRAGMENT: true,
  })
  tidy(fragment)
  // Serialised through a detached element: nothing here is ever in the page's document.
  const host = document.createElement('div')
  host.append(fragment)
  return host.innerHTML
}
