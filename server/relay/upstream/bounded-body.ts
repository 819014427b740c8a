/** Reading an upstream body without trusting its size or its pace (upstream.ts uses it). */

/**
 * The most an upstream answer may weigh before the relay gives up on it (UPSTREAM_MAX_BYTES).
 * A realistic listing stays far below it: 1,000 products of offline/data's shape (~290 bytes
 * each) are ~307 KB compact, ~410 KB pretty-printed (bounded-reads.test.ts); the bench
 * tenant's 1,000-product listing is 268,778 bytes and its user's 1,000 orders 270,765 bytes.
 * So 2 MiB is about 5× the heaviest of them, and a 96 MiB heap survives several such reads.
 */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024

export type BodyRead = { kind: 'text'; text: string } | { kind: 'too_large' } | { kind: 'timeout' }

export type BytesRead =
  { kind: 'bytes'; bytes: Uint8Array } | { kind: 'too_large' } | { kind: 'timeout' }

/**
 * Reads a body as a stream, counting bytes: a Content-Length above `limit` is refused before
 * reading, and the stream is cancelled as soon as the count passes `limit` or `deadline` comes,
 * so neither a huge nor a trickling answer is buffered. A body that breaks mid-stream throws.
 * Shared by the upstream client (text, below) and the pictures' originals (bytes).
 */
export async function readBoundedBytes(
  response: Response,
  limit: number,
  deadline: Promise<'timeout'>,
): Promise<BytesRead> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) {
    response.body?.cancel().catch(() => {})
    return { kind: 'too_large' }
  }
  if (!response.body) return { kind: 'bytes', bytes: new Uint8Array(0) }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
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
    chunks.push(next.value)
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return { kind: 'bytes', bytes }
}

/** `readBoundedBytes` as UTF-8 text (an upstream answer). */
export async function readBounded(
  response: Response,
  limit: number,
  deadline: Promise<'timeout'>,
): Promise<BodyRead> {
  const read = await readBoundedBytes(response, limit, deadline)
  return read.kind === 'bytes' ? { kind: 'text', text: new TextDecoder().decode(read.bytes) } : read
}
