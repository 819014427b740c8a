import DOMPurify from 'dompurify'

/**
 * Tenant markup (terms, scheduling legend) is rendered only through here. DOMPurify drops
 * scripts, event handlers and `javascript:` URLs; on top of that every link opens in a new tab
 * without access to this page (`noopener noreferrer`), a link left without a usable address is
 * unwrapped to its text, and what is left empty is dropped (tidy()).
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

/** No address to go to: none at all (DOMPurify removed an unsafe one), blank, or a bare `#`. */
function deadLink(a: Element): boolean {
  const href = a.getAttribute('href')?.trim() ?? ''
  return href === '' || href === '#'
}

/**
 * Elements that are only there for their content. Emptied (a dead link unwrapped to nothing, a
 * paragraph that held only a script), they would leave a blank gap in the text. Table cells and
 * void elements are not in the list: an empty cell keeps its table's shape, `<br>` is content.
 */
const DROPPED_WHEN_EMPTY = new Set([
  'A',
  'ABBR',
  'B',
  'BLOCKQUOTE',
  'CITE',
  'CODE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'EM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'I',
  'LI',
  'MARK',
  'OL',
  'P',
  'S',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'U',
  'UL',
])

/** Content that is not text but still shows: a picture, a line break, a rule, a table. */
const VISIBLE_WITHOUT_TEXT = 'img, picture, svg, video, audio, br, hr, table'

function isEmpty(element: Element): boolean {
  // `trim` also drops no-break spaces: a paragraph of `&nbsp;` is a gap too.
  return element.textContent?.trim() === '' && !element.querySelector(VISIBLE_WITHOUT_TEXT)
}

function tidy(root: ParentNode): void {
  for (const a of Array.from(root.querySelectorAll('a'))) {
    if (deadLink(a)) a.replaceWith(...Array.from(a.childNodes))
  }
  // Innermost first, so a parent emptied by its child's removal goes too.
  for (const element of Array.from(root.querySelectorAll('*')).reverse()) {
    if (DROPPED_WHEN_EMPTY.has(element.tagName) && isEmpty(element)) element.remove()
  }
}

export function sanitizeHtml(dirty: string): string {
  ensureHooks()
  const fragment = DOMPurify.sanitize(dirty, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  })
  tidy(fragment)
  // Serialised through a detached element: nothing here is ever in the page's document.
  const host = document.createElement('div')
  host.append(fragment)
  return host.innerHTML
}
