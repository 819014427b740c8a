import { Hono } from 'hono'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressForClients } from './compress'

/** The relay's compression as a browser meets it: big answers gzipped, small ones as they are. */
function app() {
  const a = new Hono()
  a.use('*', compressForClients())
  a.get('/small', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/')
    c.header('Set-Cookie', 'b=2; Path=/', { append: true })
    return c.json({ ok: true })
  })
  a.get('/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => `produto ${i}`) }))
  a.get('/events', (c) => {
    // Never ends, as an order's live stream: compression must not wait for its end.
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: hello\ndata: {}\n\n'))
      },
    })
    return c.body(body, 200, { 'Content-Type': 'text/event-stream' })
  })
  return a
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }

describe('compressForClients', () => {
  it('leaves an answer under 1 KB as it is, with its length and cookies, no stream spent on it', async () => {
    const res = await app().request('/small', { headers: BROWSER })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-length')).toBe(String('{"ok":true}'.length))
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(await res.json()).toEqual({ ok: true })
  })

  it('gzips a bigger answer, which reads back the same', async () => {
    const res = await app().request('/big', { headers: BROWSER })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(JSON.parse(text).items).toHaveLength(200)
  })

  it('never holds an event stream back to measure or compress it', async () => {
    const res = await Promise.race([
      app().request('/events', { headers: BROWSER }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('held')), 1_000)),
    ])
    expect(res.headers.get('content-encoding')).toBeNull()
    const reader = res.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: hello')
    await reader.cancel()
  })
})
