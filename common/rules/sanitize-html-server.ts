import sanitize, { type IFrame, type IOptions } from 'sanitize-html'
import {
  compactUrl,
  DROPPED_WHEN_EMPTY,
  FORBIDDEN_ATTRS,
  FORBIDDEN_TAGS,
  isDeadHref,
  isSafeUrl,
  LINK_REL,
  LINK_TARGET,
  URL_SCHEMES,
  VISIBLE_WITHOUT_TEXT,
} from './sanitize-policy'

/**
 * Tenant markup sanitised on the server, with no DOM (jsdom costs the relay a second and half
 * its heap): sanitize-html, on htmlparser2. It follows sanitize-policy.ts, the rules the
 * browser's DOMPurify reads too, and lets through a subset of what DOMPurify does: content tags
 * only (no forms, media players or SVG), and no ids, data- or aria- attributes. The first view
 * may show a little less than the browser would; never more (sanitize-html-server.test.ts runs
 * both on the same markup). Server only: the browser never loads this, nor sanitize-html.
 */

/** Every one of them kept by DOMPurify's html profile too (the parity test checks). */
export const SERVER_ALLOWED_TAGS = (
  'a abbr acronym address article aside b bdi bdo big blockquote br caption center cite code ' +
  'col colgroup data dd del details dfn div dl dt em figcaption figure font footer h1 h2 h3 h4 ' +
  'h5 h6 header hgroup hr i img ins kbd li main mark nav ol p picture pre q rp rt ruby s samp ' +
  'section small source span strike strong sub summary sup table tbody td tfoot th thead time ' +
  'tr tt u ul var wbr'
)
  .split(' ')
  .filter((tag) => !FORBIDDEN_TAGS.includes(tag))

const CELL = ['colspan', 'rowspan', 'headers', 'scope', 'align', 'valign', 'width', 'height']
const ATTRIBUTES = Object.fromEntries(
  Object.entries({
    '*': ['class', 'dir', 'lang', 'title', 'align'],
    a: ['href', 'hreflang', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    source: ['srcset', 'sizes', 'media', 'type', 'width', 'height'],
    ol: ['start', 'reversed', 'type'],
    ul: ['type'],
    li: ['value'],
    table: ['border', 'cellpadding', 'cellspacing', 'summary', 'width'],
    td: CELL,
    th: [...CELL, 'abbr'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    time: ['datetime'],
    data: ['value'],
    del: ['datetime', 'cite'],
    ins: ['datetime', 'cite'],
    q: ['cite'],
    blockquote: ['cite'],
    details: ['open'],
    font: ['color', 'face', 'size'],
  }).map(([tag, names]) => [tag, names.filter((name) => !FORBIDDEN_ATTRS.includes(name))]),
)

/**
 * Dropped with everything inside: the ones sanitize-html drops so by default, those DOMPurify
 * drops so (its FORBID_CONTENTS), and the media players and form controls the server leaves out.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'template',
  'title',
  'svg',
  'math',
  'audio',
  'video',
  'select',
]

/** Not an allowed tag: a link without a usable address becomes this, which keeps its content only. */
const UNWRAPPED = 'unwrapped-link'

/** What sanitize-html's own check (launder's naughtyHref) reads as a scheme. */
const SCHEME = /^([a-z][a-z0-9.+-]*):/i

/**
 * An href both engines keep: not dead, passing the shared test (the browser's), and one that
 * sanitize-html's own later check keeps too, so that check never leaves an anchor with target
 * and rel but no address: a listed scheme whenever it sees one, and no `<` (it strips `<!--…-->`
 * from an address before reading its scheme; a browser does not, and no real address has one).
 * Anything else unwraps the link here, before sanitize-html sees it.
 */
function usableHref(href: string | undefined): boolean {
  if (href === undefined || isDeadHref(href) || href.includes('<') || !isSafeUrl(href)) {
    return false
  }
  const scheme = SCHEME.exec(compactUrl(href))?.[1]
  return scheme === undefined || URL_SCHEMES.includes(scheme.toLowerCase())
}

/**
 * Marks a visible element's text, so every element around it knows it holds one: sanitize-html
 * adds a closed element's `text` to its parent's after the filter ran. Not whitespace, so `trim`
 * keeps it; never written out (the output comes from the parser's text, not from `frame.text`).
 */
const SHOWS = '\u0001'
const VISIBLE = new Set(VISIBLE_WITHOUT_TEXT)

function emptied(frame: IFrame): boolean {
  if (VISIBLE.has(frame.tag)) {
    frame.text += SHOWS
    return false
  }
  // `trim` also drops no-break spaces (decoded by the parser), as in the browser's tidy().
  return DROPPED_WHEN_EMPTY.has(frame.tag) && frame.text.trim() === ''
}

const OPTIONS: IOptions = {
  allowedTags: SERVER_ALLOWED_TAGS,
  allowedAttributes: ATTRIBUTES,
  allowedSchemes: URL_SCHEMES,
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // No style attribute is kept, so there is nothing for its CSS parser to read.
  parseStyleAttributes: false,
  transformTags: {
    a: (_tagName, attribs) =>
      usableHref(attribs.href)
        ? { tagName: 'a', attribs: { ...attribs, target: LINK_TARGET, rel: LINK_REL } }
        : { tagName: UNWRAPPED, attribs: {} },
    img: (tagName, attribs) => {
      if (attribs.src !== undefined && !isSafeUrl(attribs.src)) {
        const { src: _unsafe, ...rest } = attribs
        return { tagName, attribs: rest }
      }
      return { tagName, attribs }
    },
  },
  exclusiveFilter: emptied,
}

export function sanitizeHtmlOnServer(dirty: string): string {
  return sanitize(dirty, OPTIONS)
}
