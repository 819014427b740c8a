import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificaProducts } from '../../../offline/data/catalog-certifica'
import { createUndiciFetcher, createUndiciReader } from '../../host/undici-fetcher'
import { FAILURE_DETAIL } from './error-meanings'
import { buildRelay, json } from '../testing/test-helpers'
import { createUpstreamClient, DEFAULT_MAX_BODY_BYTES } from './upstream'

/**
 * Bounded reads, written as the attack: an upstream (hostile or broken) that answers far more
 * than any real answer, or answers it drop by drop, must not take the relay's heap or hold its
 * requests. Every upstream body is read as a stream, with a byte cap and the call's timeout.
 */

const MB = 1024 * 1024
const HUGE = 50 * MB
const CHUNK = 64 * 1024

const isListing = (request: Request) => {
  const url = new URL(request.url)
  return url.pathname === '/order/info' && url.searchParams.get('t') === 'prices'
}

/**
 * A JSON answer of `total` bytes made on demand, one 64 KiB chunk per pull (high-water mark 0:
 * nothing is made before someone reads), so the test never holds it.
 */
function hugeJson(total: number) {
  const tally = { pulled: 0, cancelled: false }
  const head = new TextEncoder().encode('{"prices":[')
  const tail = new TextEncoder().encode('{}]}')
  const item = new TextEncoder().encode(
    JSON.stringify({ ...certificaProducts[0], sku: 'BULK-FILLER' }).padEnd(CHUNK - 1, ' ') + ',',
  )
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = tally.pulled === 0 ? head : tally.pulled + item.length >= total ? tail : item
        tally.pulled += chunk.length
        controller.enqueue(chunk)
        if (chunk === tail) controller.close()
      },
      cancel() {
        tally.cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, tally }
}

function expectUnavailable(body: Record<string, unknown>) {
  expect(body).toMatchObject({
    status: 502,
    detail: FAILURE_DETAIL[502],
    code: 'upstream_unavailable',
  })
}

describe('bounded upstream reads (the relay under a hostile or broken upstream)', () => {
  it('a 50 MB JSON answer is cut off at the cap: a 502 in pt-BR, one log line, and the next request is served', async () => {
    let attack: ReturnType<typeof hugeJson> | undefined
    const relay = buildRelay({
      upstream: async (request, offline) => {
        if (attack || !isListing(request)) return offline(request)
        attack = hugeJson(HUGE)
        return new Response(attack.stream, {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      },
    })

    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    const body = await json(res)
    expectUnavailable(body)
    expect(JSON.stringify(body)).not.toContain('BULK')

    // Cancelled as soon as the cap was passed: at most one chunk more than the cap was pulled.
    expect(attack?.tally.cancelled).toBe(true)
    expect(attack?.tally.pulled).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + CHUNK)
    expect(attack?.tally.pulled).toBeLessThan(HUGE / 10)

    const tooLarge = relay.logs.filter((e) => e.msg === 'upstream answer too large')
    expect(tooLarge).toEqual([
      {
        level: 'error',
        msg: 'upstream answer too large',
        op: 'GET /order/info',
        status: 200,
        limit: DEFAULT_MAX_BODY_BYTES,
        requestId: expect.any(String),
      },
    ])
    expect(JSON.stringify(relay.logs)).not.toContain('BULK')

    // The relay is still alive and reads normally (a failure is never cached).
    const next = await relay.request('/api/products?p=')
    expect(next.status).toBe(200)
    expect(await json(next)).toMatchObject({ description: 'Certifica Brasil' })
  })

  it('a Content-Length of 50 MB is refused with a 502 before a byte of the body is read', async () => {
    const attack = hugeJson(HUGE)
    const relay = buildRelay({
      upstream: async (request, offline) =>
        isListing(request)
          ? new Response(attack.stream, {
              status: 200,
              headers: { 'Content-Type': 'application/json', 'Content-Length': String(HUGE) },
            })
          : offline(request),
    })

    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(502)
    expectUnavailable(await json(res))
    expect(attack.tally.pulled).toBe(0)
    expect(attack.tally.cancelled).toBe(true)
    expect(relay.logs.filter((e) => e.msg === 'upstream answer too large')).toHaveLength(1)
  })

  it('a body that trickles in slower than the timeout is a 504 in pt-BR, and the stream is cancelled', async () => {
    const tally = { pulled: 0, cancelled: false }
    const relay = buildRelay({
      timeoutMs: 200,
      upstream: async (request, offline) => {
        if (!isListing(request)) return offline(request)
        // Headers at once, then two bytes every 40 ms, forever: each byte is "in time".
        const stream = new ReadableStream<Uint8Array>(
          {
            async pull(controller) {
              await new Promise((resolve) => setTimeout(resolve, 40))
              if (tally.cancelled) return
              tally.pulled += 2
              controller.enqueue(new TextEncoder().encode(tally.pulled === 2 ? '{ ' : '  '))
            },
            cancel() {
              tally.cancelled = true
            },
          },
          { highWaterMark: 0 },
        )
        return new Response(stream, {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      },
    })

    const started = Date.now()
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(504)
    expect(await json(res)).toMatchObject({
      status: 504,
      detail: FAILURE_DETAIL[504],
      code: 'upstream_timeout',
    })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(tally.pulled).toBeGreaterThan(0)
    expect(tally.cancelled).toBe(true)
    expect(relay.logs.some((e) => e.msg === 'upstream timeout')).toBe(true)
  })

  it('a realistic listing of 1,000 products passes under the default cap', async () => {
    let size = 0
    const relay = buildRelay({
      upstream: async (request, offline) => {
        const answer = await offline(request)
        if (!isListing(request)) return answer
        const listing = (await answer.json()) as Record<string, unknown>
        const prices = Array.from({ length: 1000 }, (_, i) => {
          const product = certificaProducts[i % certificaProducts.length]!
          return {
            ...product,
            id: 100_000 + i,
            sku: `${product.sku}-${i}`,
            description: `${product.description} (nº ${i + 1})`,
          }
        })
        // Pretty-printed: the heavier way a service may send the same listing.
        const text = JSON.stringify({ ...listing, prices }, null, 2)
        size = new TextEncoder().encode(text).length
        return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } })
      },
    })

    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { prices: { sku: string }[] }
    expect(body.prices).toHaveLength(1000)
    // ~410 KB pretty-printed (~307 KB compact): under a quarter of the 2 MiB default.
    expect(size).toBeGreaterThan(300_000)
    expect(size).toBeLessThan(DEFAULT_MAX_BODY_BYTES / 4)
    expect(relay.logs.filter((e) => e.level === 'error')).toEqual([])
  })
})

describe('bounded upstream reads over a real socket (the production fetcher)', () => {
  let server: Server
  let base = ''
  let mode: 'pour' | 'declared' | 'trickle' = 'pour'
  let sent = { bytes: 0, closed: false, finished: false }

  /**
   * 50 MB of JSON written as fast as the socket drains ('pour'), the same with its
   * Content-Length declared ('declared'), or two bytes every 40 ms ('trickle'); each stops
   * when the relay closes the connection.
   */
  function answer(res: ServerResponse) {
    res.on('close', () => {
      sent.closed = true
    })
    if (mode === 'trickle') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer)
        sent.bytes += 2
        res.write(sent.bytes === 2 ? '{ ' : '  ')
      }, 40)
      return
    }
    res.writeHead(200, {
      'Content-Type': 'application/json',
      ...(mode === 'declared' ? { 'Content-Length': String(HUGE) } : {}),
    })
    const filler = Buffer.alloc(CHUNK, 0x20)
    const write = () => {
      while (!res.destroyed && sent.bytes < HUGE) {
        sent.bytes += CHUNK
        if (!res.write(filler)) {
          res.once('drain', write)
          return
        }
      }
      if (!res.destroyed) {
        sent.finished = true
        res.end()
      }
    }
    write()
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/order/info') && req.url.includes('t=prices')) answer(res)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  function relayOverSocket(as: typeof mode, timeoutMs?: number) {
    mode = as
    sent = { bytes: 0, closed: false, finished: false }
    const undici = createUndiciFetcher()
    return buildRelay({
      timeoutMs,
      upstream: async (request, offline) => {
        if (!isListing(request)) return offline(request)
        const url = new URL(request.url)
        return undici(new Request(`${base}${url.pathname}${url.search}`, request))
      },
    })
  }

  it('a 50 MB answer is a 502 and the connection is closed long before the 50 MB are sent', async () => {
    const relay = relayOverSocket('pour')
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(502)
    expectUnavailable(await json(res))
    await expect.poll(() => sent.closed).toBe(true)
    expect(sent.finished).toBe(false)
    // The cap, plus what the kernel and Node buffered on the way (~4 MB here): far below 50 MB.
    expect(sent.bytes).toBeLessThan(HUGE / 4)
  })

  it('a declared Content-Length of 50 MB is a 502 and the connection is closed', async () => {
    const relay = relayOverSocket('declared')
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(502)
    expectUnavailable(await json(res))
    await expect.poll(() => sent.closed).toBe(true)
    expect(sent.finished).toBe(false)
    expect(sent.bytes).toBeLessThan(HUGE / 4)
  })

  it('a trickling answer is a 504 and the connection is closed', async () => {
    const relay = relayOverSocket('trickle', 200)
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(504)
    expect(await json(res)).toMatchObject({ status: 504, detail: FAILURE_DETAIL[504] })
    await expect.poll(() => sent.closed).toBe(true)
    expect(sent.bytes).toBeGreaterThan(0)
  })

  // The relay's own client as `npm start` builds it: undici's reader, no WHATWG layer.
  async function readerCall(as: typeof mode, timeoutMs = 2_000) {
    mode = as
    sent = { bytes: 0, closed: false, finished: false }
    const logs: { msg: string }[] = []
    const client = createUpstreamClient(
      {
        baseUrl: base,
        fetch: () => Promise.reject(new Error('the reader is used, not fetch')),
        read: createUndiciReader(),
        timeoutMs,
      },
      (entry) => logs.push(entry),
    )
    const tenant = { origin: 'https://loja.exemplo.com.br', erpKey: 'k' }
    const result = await client.call(tenant as Parameters<typeof client.call>[0], {
      method: 'GET',
      path: '/order/info',
      query: { q: 'options', p: '', t: 'prices' },
    })
    return { result, logs }
  }

  it('the Node reader: 50 MB poured or declared is a 502 and the connection is closed early', async () => {
    for (const as of ['pour', 'declared'] as const) {
      const { result, logs } = await readerCall(as)
      expect(result).toMatchObject({ kind: 'failure', status: 502, reason: 'too_large' })
      expect(logs.map((e) => e.msg)).toContain('upstream answer too large')
      await expect.poll(() => sent.closed).toBe(true)
      expect(sent.finished).toBe(false)
      expect(sent.bytes).toBeLessThan(HUGE / 4)
    }
  })

  it('the Node reader: a trickling answer is a 504 and the connection is closed', async () => {
    const { result } = await readerCall('trickle', 200)
    expect(result).toMatchObject({ kind: 'failure', status: 504, reason: 'timeout' })
    await expect.poll(() => sent.closed).toBe(true)
  })
})
