/** Reading an upstream body without trusting its size or its pace (upstream.ts uses it). */

/**
 * The most an upstream answer may weigh before the relay gives up on it (UPSTREAM_MAX_BYTES).
 * A realistic listing stays far below it: 1,000 products of src/mocks/data's shape (~290 bytes
 * each) are ~307 KB compact, ~410 KB pretty-printed (bounded-reads.test.ts); the bench
 * tenant's 1,000-product listing is 268,778 bytes and its user's 1,000 orders 270,765 bytes.
 * So 2 MiB is about 5× the heaviest of them, and a 96 MiB heap survives several such reads.
 */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024

export type BodyRead = { kind: 'text'; text: string } | { kind: 'too_large' } | { kind: 'timeout' }

/**
 * Reads a body as a stream, counting bytes: a Content-Length above `limit` is refused before
 * reading, and the stream is cancelled as soon as the count passes `limit` or `deadline` comes,
 * so neither a huge nor a trickling answer is buffered.
 */
export async function readBounded(
  response: Response,
  limit: number,
  deadline: Promise<'timeout'>,
): Promise<BodyRead> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) {
    response.body?.cancel().catch(() => {})
    return { kind: 'too_large' }
  }
  if (!response.body) return { kind: 'text', text: '' }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let total = 0
  for (;;) {
    const next = await Promise.race([reader.read(), deadline])
    if (next === 'timeout') {
      reader.cancel().catch(() => {})
      return { kind: 'timeout' }
    }
    if (next.done) break
    total += next.value.byteLength
    if (total > limit) {
      reader.cancel().catch(() => {})
      return { kind: 'too_large' }
    }
    text += decoder.decode(next.value, { stream: true })
  }
  return { kind: 'text', text: text + decoder.decode() }
}
