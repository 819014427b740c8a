/**
 * Tenant text as the tenant wrote it. A parameter the store shows as markup (terms, scheduling
 * legend) may also be plain text laid out with line breaks: the docs' own `termos` is
 * ("Este é um texto de teste.\nLorem ipsum…", api/public/payment_checkout/get_parameters.md),
 * and the spec says a value "may contain markup, line breaks, URLs or numeric flags as text".
 * Read as HTML, those breaks are spaces and the text runs together as one paragraph.
 *
 * Decided per value, never configured, so a tenant that moves from plain text to an editor's
 * markup (or mixes them) needs nobody to change a setting:
 * - laid out with block markup (paragraphs, lists, tables, headings…): an HTML author's line
 *   breaks are source formatting, as in any HTML page; the value is left as it is;
 * - otherwise (plain text, or text with inline markup such as `<b>` or a link): each line break
 *   the author did not already mark with `<br>` is layout. A blank line starts a paragraph, a
 *   single break is a `<br>`. The docs' legend ("…agendamento, <br><br>\n\nSe você…") marks
 *   its breaks itself and is left as it is.
 *
 * The result is markup for the sanitiser (server/relay/upstream/tenant-markup.ts), never trusted as is,
 * and converting it again changes nothing (it is laid out in paragraphs by then).
 */

/** Block elements: their presence says the value is laid out in markup, not in lines. */
const BLOCK_TAG =
  /<\/?(?:p|div|ul|ol|li|dl|dt|dd|table|thead|tbody|tfoot|tr|td|th|caption|h[1-6]|blockquote|pre|hr|section|article|aside|header|footer|nav|main|figure|figcaption|details|summary|address|center)\b/i

/**
 * A run of line breaks (with the spaces around them), and the `<br>` tags right before or after
 * it, if any: a run touching one is a break the author already wrote in markup.
 */
const BREAK_RUN = /((?:<br\b[^>]*>[ \t]*)?)([ \t]*(?:\n[ \t]*)+)((?:<br\b[^>]*>)?)/gi

/** Whether the value's line breaks are its layout (what `layOutTenantText` turns into markup). */
export function hasTextLayout(value: string): boolean {
  const text = normalised(value)
  if (BLOCK_TAG.test(text)) return false
  return [...text.trim().matchAll(BREAK_RUN)].some(([, before, , after]) => !before && !after)
}

/**
 * The value with its line breaks as paragraphs and `<br>`s when they are its layout
 * (`hasTextLayout`); otherwise the value unchanged.
 */
export function layOutTenantText(value: string): string {
  if (!hasTextLayout(value)) return value
  const text = normalised(value).trim()
  const paragraphs: string[] = []
  let current = ''
  let from = 0
  for (const match of text.matchAll(BREAK_RUN)) {
    const [whole, before = '', run = '', after = ''] = match
    current += text.slice(from, match.index)
    from = match.index + whole.length
    if (before || after) {
      // Already a break in markup: kept as written, the source's line break dropped.
      current += `${before.trimEnd()}${after}`
    } else if ((run.match(/\n/g) ?? []).length > 1) {
      paragraphs.push(current)
      current = ''
    } else {
      current += '<br>'
    }
  }
  paragraphs.push(current + text.slice(from))
  return paragraphs
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('')
}

/**
 * Windows and old Mac line ends as `\n`, and a tag an editor wrapped over lines on one line: a
 * break inside a tag (`<a\nhref=…>`) is not the text's.
 */
function normalised(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, (tag) => tag.replace(/\s+/g, ' '))
}
