/**
 * What tenant markup may keep, read by both of its sanitisers: DOMPurify in the browser
 * (sanitize-html.ts) and sanitize-html on the server (sanitize-html-server.ts). One list here, so
 * the server's first view and the browser's render cannot drift apart. Kept small: this module is
 * in the browser's lazy routes.
 */

/** Never kept, though DOMPurify's html profile has them (a form's or a button's words stay). */
export const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'iframe']

export const FORBIDDEN_ATTRS = ['style']

/** Every link opens in a new tab, with no access to this page. */
export const LINK_TARGET = '_blank'
export const LINK_REL = 'noopener noreferrer'

/** The only schemes a link or picture may use; an address with no scheme (relative) is fine too. */
export const URL_SCHEMES = ['http', 'https', 'mailto', 'tel']

/**
 * DOMPurify's own test of an attribute value (its ALLOWED_URI_REGEXP) with our schemes: a listed
 * scheme, or something that is no scheme at all. Applied after removing the characters browsers
 * ignore in an address (DOMPurify's ATTR_WHITESPACE), so `java\tscript:` is `javascript:`.
 */
export const SAFE_URL = new RegExp(
  `^(?:(?:${URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
)
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const IGNORED_IN_URL = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g

/** The address as the scheme tests read it: without the characters browsers ignore in one. */
export function compactUrl(value: string): string {
  return value.replace(IGNORED_IN_URL, '')
}

export function isSafeUrl(value: string): boolean {
  return SAFE_URL.test(compactUrl(value))
}

/** No address to go to: none at all (the sanitiser removed an unsafe one), blank, or a bare `#`. */
export function isDeadHref(href: string | null | undefined): boolean {
  const value = href?.trim() ?? ''
  return value === '' || value === '#'
}

/**
 * Elements that are only there for their content. Emptied (a dead link unwrapped to nothing, a
 * paragraph that held only a script), they would leave a blank gap in the text. Table cells and
 * void elements are not in the list: an empty cell keeps its table's shape, `<br>` is content.
 */
export const DROPPED_WHEN_EMPTY = new Set(
  (
    'a abbr b blockquote cite code dd div dl dt em h1 h2 h3 h4 h5 h6 i li mark ol p s small span ' +
    'strong sub sup u ul'
  ).split(' '),
)

/** Content that is not text but still shows: an element holding one of these is not empty. */
export const VISIBLE_WITHOUT_TEXT = ['img', 'picture', 'svg', 'video', 'audio', 'br', 'hr', 'table']
