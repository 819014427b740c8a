import type { Context } from 'hono'

/**
 * A header added once the answer exists, on the answer's own headers: Hono's `c.header` would
 * rebuild the response around its body, which on Node turns a plain string into a web stream
 * read back chunk by chunk (a fifth of a pass-through's cost, bench/profile-relay.ts). A
 * response whose headers are immutable (one `fetch` returned as it came) is rebuilt as before.
 */
export function setAnswerHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.header(name, value)
  }
}
