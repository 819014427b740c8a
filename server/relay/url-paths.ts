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

/** 11 digits or more, maybe punctuated (`529.982.247-25`, `11.222.333/0001-81`): a CPF or CNPJ. */
const DOCUMENT_RUN = /\d(?:[.\-/\s]?\d){10,}/g
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
 * wherever it looks like a token (a run of 16+ base64url characters) or a document (11+ digits).
 */
export function loggablePath(path: string): string {
  const plain = fullyDecoded(path)
    .replace(/[?#][\s\S]*$/, '')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
  const routed = plain
    // Control characters (a decoded %0A) would let a request forge a log line.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '?')
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
