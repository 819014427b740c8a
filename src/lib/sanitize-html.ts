import DOMPurify from 'dompurify'

/**
 * Tenant markup (terms, scheduling legend) is rendered only through here. DOMPurify drops
 * scripts, event handlers and `javascript:` URLs; on top of that every link opens in a new tab
 * without access to this page (`noopener noreferrer`).
 */

let hooked = false

function ensureHooks() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
}

export function sanitizeHtml(dirty: string): string {
  ensureHooks()
  return DOMPurify.sanitize(dirty, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  })
}
