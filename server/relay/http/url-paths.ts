/**
 * URL paths as the relay judges and logs them. Only string work: this runs on Node, at the edge
 * and inside the page for the static demo.
 */

/** Decodes percent-escapes until nothing changes (`%252e` → `%2e` → `.`), at most a few rounds. */
export function fullyDecoded(path: string): string {
  let current = path
  for (let round = 0; round < 4; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      // A stray `%` makes decodeURIComponent throw: decode the escapes that are well formed.
      next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
    }
    if (next === current) break
    current = next
  }
  return current
}

/**
 * 11 digits or more, however punctuated (`529.982.247-25`, `11.222.333/0001-81`,
 * `529_982_247__25`): a CPF or CNPJ. Up to three characters that are neither letters nor digits
 * may stand between two digits; a letter ends the run (a UUID's groups, a build hash).
 */
const DOCUMENT_RUN = /\d(?:[^0-9A-Za-z]{0,3}\d){10,}/g

/** Whether `text` holds a CPF or CNPJ in any punctuation (a request id, a path segment). */
export function holdsDocument(text: string): boolean {
  // A fresh, non-global copy: `test` on the global one would carry `lastIndex` between calls.
  return new RegExp(DOCUMENT_RUN.source).test(text)
}

/**
 * Characters that end or split a line for some reader of the log: C0 controls and DEL (a decoded
 * `%0A`), the C1 controls (U+0085, NEL, is a line break to many tools) and the Unicode line and
 * paragraph separators. JSON keeps the C0 ones escaped, but writes the others as they are.
 */
// eslint-disable-next-line no-control-regex
const LINE_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/** Text from a request as it may sit in a log line: every line-breaking character is a `?`. */
function oneLine(text: string): string {
  return text.replace(LINE_BREAKERS, '?')
}

/** A long base64url or hex run: what an order's public token (32 hex) looks like. */
const TOKEN_RUN = /[A-Za-z0-9_-]{16,}/g
/** Long runs that are words, not tokens: `password-recovery`, `mockServiceWorker`. */
const WORDS = /^(?:[a-z]+(?:-[a-z]+)*|[a-z]+(?:[A-Z][a-z]+)+)$/
/** A file the build wrote (`/assets/account-order-page-CJHIIjpP.js`): its name is no secret. */
const BUILT_ASSET = /^\/assets\/[a-z0-9]{1,15}(?:-[a-z0-9]{1,15})*-[A-Za-z0-9_-]{8}\.(?:js|css)$/

/**
 * A path as it may be logged. An order's public token is a credential of sorts, and a CPF or
 * CNPJ is personal data: neither may reach a log line, however the path was spelled
 * (`//pedido/<t>`, `/pedido//<t>`, `/%70edido/<t>`, `/api/orders%2F<t>`, `?t=<t>` encoded into
 * the path…). So the path is fully decoded, anything from `?` or `#` dropped, slashes collapsed,
 * the known routes reduced to their pattern (a CEP lookup's CEP too), and what is left redacted
 * wherever it looks like a token (a run of 16+ base64url characters) or a document (11+ digits,
 * however punctuated). Characters that break a log line become `?`.
 */
export function loggablePath(path: string): string {
  const plain = fullyDecoded(path)
    .replace(/[?#][\s\S]*$/, '')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
  // A line break (a decoded %0A, %C2%85, %E2%80%A8) would let a request forge a log line.
  const routed = oneLine(plain)
    .replace(/^\/api\/orders\/[^/]+/i, '/api/orders/:token')
    .replace(/^\/pedido\/[^/]+/i, '/pedido/:token')
    .replace(/^\/api\/my-orders\/[^/]+/i, '/api/my-orders/:id')
    // A CEP is 8 digits, below the document rule, and beside a later order it says where a
    // buyer lives: everything after the route goes, however many segments it was split into.
    .replace(/^\/api\/cep\/[\s\S]*$/i, '/api/cep/:cep')
    .replace(DOCUMENT_RUN, ':doc')
  if (BUILT_ASSET.test(routed)) return routed
  return routed.replace(TOKEN_RUN, (run) => (WORDS.test(run) ? run : ':token'))
}
