import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../src/entry-server'
import { acceptsGzip, gzipOnce } from './page-encoding'
import { buildRelay } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'
import { shellRoot } from '../testing/shell-root'

const root = shellRoot('vitrine-page-encoding-')

describe('a kept page, compressed once', () => {
  const relay = () => buildRelay({ mountStatic: mountStatic(root(), { render: renderPage }) })
  const GZIP = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }

  it('goes out gzipped to a browser: the same page, a weak tag, a 304 for it', async () => {
    const harness = relay()
    const plain = await harness.request('/?p=i34_k9x')
    const html = await plain.text()
    const strong = plain.headers.get('etag')!
    expect(strong).toMatch(/^"/)
    for (let i = 0; i < 3; i++) {
      const res = await harness.request('/?p=i34_k9x', { headers: GZIP })
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('cache-control')).toMatch(/^public, /)
      expect(res.headers.get('etag')).toBe(`W/${strong}`)
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html)
    }
    const again = await harness.request('/?p=i34_k9x', {
      headers: { ...GZIP, 'If-None-Match': `W/${strong}` },
    })
    expect(again.status).toBe(304)
  })

  it('an order page is compressed as any answer, never from a kept copy', async () => {
    const harness = relay()
    const res = await harness.request('/pedido/9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', {
      headers: GZIP,
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('etag')).toBeNull()
  })

  it('is made once per kept page, whoever asks', async () => {
    const page = { status: 200, html: '<p>olá</p>'.repeat(500), headers: {}, keep: true }
    const first = gzipOnce(page)
    expect(gzipOnce(page)).toBe(first)
    expect(gunzipSync(Buffer.from(await first)).toString()).toBe(page.html)
  })
})

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['*', true],
    ['x-gzip', true],
    ['identity', false],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['', false],
  ])('%j → %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted)
  })
})
