import type { Fetcher } from '../http/types'
import { readBoundedBytes } from '../upstream/bounded-body'
import type { PlaceholderReason } from './placeholder'

export type OriginalRead =
  { kind: 'ok'; bytes: Uint8Array } | { kind: 'failed'; reason: PlaceholderReason; status?: number }

export interface OriginalFetchOptions {
  /** The whole fetch, headers and body, must end within this. */
  timeoutMs: number
  /** More bytes than this and the read is abandoned mid-stream (a 40 MB upload). */
  maxBytes: number
}

/**
 * Fetches an original picture through the relay's upstream fetcher, reading at most `maxBytes`
 * within `timeoutMs`, so neither a huge upload nor a trickling host holds memory or a request
 * for long. The request carries no cookie, no ERP key, no `Origin`: the service's picture links
 * (`https://…/file?q=…`) are signed by the service itself (its public docs' `href`s open without
 * a key), and a host of IMAGE_HOSTS must get nothing of ours. Redirects are not followed (the
 * Node fetcher never follows them): an allowed host cannot send the relay somewhere else.
 */
export async function fetchOriginal(
  fetcher: Fetcher,
  url: URL,
  options: OriginalFetchOptions,
): Promise<OriginalRead> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout')
      controller.abort()
    }, options.timeoutMs)
  })
  try {
    const request = new Request(url, {
      headers: { Accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
      redirect: 'manual',
      signal: controller.signal,
    })
    const response = await Promise.race([fetcher(request).catch(() => undefined), deadline])
    if (response === 'timeout') return { kind: 'failed', reason: 'timeout' }
    if (!response) return { kind: 'failed', reason: 'unavailable' }
    if (response.status < 200 || response.status > 299) {
      response.body?.cancel().catch(() => {})
      return { kind: 'failed', reason: 'unavailable', status: response.status }
    }
    return await readCapped(response, options.maxBytes, deadline)
  } finally {
    clearTimeout(timer)
  }
}

/** The body within the cap and the deadline; a host with no body or a broken one is no picture. */
async function readCapped(
  response: Response,
  maxBytes: number,
  deadline: Promise<'timeout'>,
): Promise<OriginalRead> {
  const read = await readBoundedBytes(response, maxBytes, deadline).catch(() => undefined)
  if (!read) return { kind: 'failed', reason: 'unavailable' }
  if (read.kind !== 'bytes') return { kind: 'failed', reason: read.kind }
  return response.body
    ? { kind: 'ok', bytes: read.bytes }
    : { kind: 'failed', reason: 'unreadable' }
}
