import type { PageAnswer } from './page-cache'

/**
 * A kept page compressed once, not once per visitor. The relay compresses its answers as it
 * sends them (relay/http/compress.ts); for a page the page cache serves to a crowd that was the
 * relay's main cost: each of a catalog's hits gzipped 35–60 KB again, and under 100 connections
 * its p99 was 6× that of `/robots.txt` with the same throughput (bench/pages.ts). A kept page is
 * the same object from hit to hit, so its gzip lives beside it (weakly: it goes when the page
 * does) and costs the cache about a fifth more than the HTML it holds.
 *
 * gzip only: CompressionStream, which the edge runtimes have too, makes no Brotli.
 */
const zipped = new WeakMap<PageAnswer, Promise<Uint8Array>>()

export function gzipOnce(page: PageAnswer): Promise<Uint8Array> {
  let made = zipped.get(page)
  if (!made) {
    const stream = new Blob([page.html]).stream().pipeThrough(new CompressionStream('gzip'))
    made = new Response(stream).arrayBuffer().then((bytes) => new Uint8Array(bytes))
    // A failure is not kept: the next hit tries again (and this one is sent as it is).
    made.catch(() => zipped.delete(page))
    zipped.set(page, made)
  }
  return made
}

/** Whether `Accept-Encoding` takes gzip: named (or `x-gzip`), else `*`, with a q-value above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  const weight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0
  return weight > 0
}

/** The tag of a page's compressed bytes: the same page, not the same bytes (RFC 9110). */
export const weakTag = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`)
