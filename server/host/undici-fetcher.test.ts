import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUndiciFetcher, createUndiciReader } from './undici-fetcher'

/** The Node upstream client against a real HTTP server: what goes out and what comes back. */

let server: Server
let base = ''
let last: {
  method?: string
  url?: string
  headers: IncomingMessage['headers']
  body: string
} | null = null

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      last = { method: req.method, url: req.url, headers: req.headers, body }
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 2000)
      if (req.url === '/declared') {
        res.writeHead(200, { 'Content-Length': '5000' })
        return res.end(Buffer.alloc(5000, 0x20))
      }
      if (req.url === '/poured') {
        // No length said: 10 chunks of 1,000 bytes, the last never needed.
        res.writeHead(200)
        let sent = 0
        const pour = () => {
          if (res.destroyed || sent === 10) return res.end()
          sent++
          res.write(Buffer.alloc(1000, 0x20))
          setTimeout(pour, 5)
        }
        return pour()
      }
      if (req.url === '/utf8') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        // A multi-byte character split across two writes.
        const bytes = Buffer.from('{"cidade":"São Paulo"}')
        res.write(bytes.subarray(0, 13))
        return setTimeout(() => res.end(bytes.subarray(13)), 5)
      }
      if (req.url === '/empty') {
        res.writeHead(204)
        return res.end()
      }
      res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1', 'b=2'] })
      res.end(JSON.stringify({ ok: true }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('createUndiciFetcher', () => {
  const fetcher = createUndiciFetcher()

  it('sends method, headers (Origin included) and body, and returns status, headers and body', async () => {
    const res = await fetcher(
      new Request(`${base}/order-external?x=1`, {
        method: 'POST',
        headers: {
          Origin: 'https://loja.exemplo.com.br',
          'x-api-key': 'k',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ a: 1 }),
      }),
    )
    expect(last).toMatchObject({ method: 'POST', url: '/order-external?x=1', body: '{"a":1}' })
    expect(last?.headers['x-api-key']).toBe('k')
    expect(last?.headers.origin).toBe('https://loja.exemplo.com.br')
    expect(last?.headers['content-type']).toBe('application/json')
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await res.json()).toEqual({ ok: true })
  })

  it('answers a 204 with no body', async () => {
    const res = await fetcher(new Request(`${base}/empty`, { method: 'DELETE' }))
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it('stops when the request is aborted (the relay’s upstream timeout)', async () => {
    const controller = new AbortController()
    const pending = fetcher(new Request(`${base}/slow`, { signal: controller.signal }))
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toThrow()
  })
})

describe('createUndiciReader', () => {
  const reader = createUndiciReader()
  const call = (path: string, init: Partial<Parameters<typeof reader>[0]> = {}) =>
    reader({
      url: `${base}${path}`,
      method: 'GET',
      headers: {},
      body: undefined,
      signal: new AbortController().signal,
      limit: 3000,
      ...init,
    })

  it('sends method, headers (Origin included) and body, and returns status and text', async () => {
    const res = await call('/order-external?x=1', {
      method: 'POST',
      headers: { origin: 'https://loja.exemplo.com.br', 'x-api-key': 'k' },
      body: '{"a":1}',
    })
    expect(last).toMatchObject({ method: 'POST', url: '/order-external?x=1', body: '{"a":1}' })
    expect(last?.headers.origin).toBe('https://loja.exemplo.com.br')
    expect(last?.headers['x-api-key']).toBe('k')
    expect(res).toEqual({ status: 201, body: { kind: 'text', text: '{"ok":true}' } })
  })

  it('decodes UTF-8 split across chunks, and answers a 204 with no text', async () => {
    expect((await call('/utf8')).body).toEqual({ kind: 'text', text: '{"cidade":"São Paulo"}' })
    expect(await call('/empty', { method: 'DELETE' })).toEqual({
      status: 204,
      body: { kind: 'text', text: '' },
    })
  })

  it('refuses a body over the cap, declared or poured, without reading it all', async () => {
    expect((await call('/declared')).body).toEqual({ kind: 'too_large' })
    expect((await call('/poured')).body).toEqual({ kind: 'too_large' })
  })

  it('stops when the call is aborted (the relay’s upstream timeout)', async () => {
    const controller = new AbortController()
    const pending = call('/slow', { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toThrow()
  })
})
