import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUndiciFetcher } from './undici-fetcher'

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
