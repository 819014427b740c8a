import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductListing } from '../../common/contract/schemas/catalog'
import { escapeXml } from '../../common/rules/xml'
import { robotsTxt, sitemapXml } from './crawl-files'
import { buildRelay, SEEDED_PUBLIC_TOKEN } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

const STORE = 'https://loja.certificabrasil.com.br'
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitrine-crawl-'))
  await writeFile(join(root, 'index.html'), '<html><head></head><body></body></html>')
  // A stale file in the build must not shadow the store's own robots.txt.
  await writeFile(join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n')
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const relay = (options: Parameters<typeof buildRelay>[0] = {}) =>
  buildRelay({ ...options, mountStatic: mountStatic(root) })

describe('robots.txt', () => {
  it('allows the store, keeps crawlers off private pages and names the sitemap', () => {
    const text = robotsTxt(STORE)
    expect(text).toContain('User-agent: *\nAllow: /\n')
    for (const path of [
      '/pedido/',
      '/minha-conta/',
      '/checkout',
      '/carrinho',
      '/entrar',
      '/api/',
    ]) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toContain(`Sitemap: ${STORE}/sitemap.xml\n`)
  })

  it('is served per host, cached an hour', async () => {
    const res = await relay().app.request(`${STORE}/robots.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('content-type')).toMatch(/text\/plain/)
    const text = await res.text()
    expect(text).toContain(`Sitemap: ${STORE}/sitemap.xml`)
    expect(text).not.toContain('Disallow: /\n')
  })
})

describe('sitemap.xml', () => {
  it('lists the home, each product group and each product, with XML-escaped URLs', () => {
    const listing = {
      prices: [
        { sku: 'A&B<1>', groupDescription: 'Tokens & leitoras' },
        { sku: 'ECPF-A1-12', groupDescription: 'e-CPF' },
        { sku: 'ECPF-A1-12', groupDescription: 'e-CPF' },
        { sku: 'SEM-GRUPO', groupDescription: ' ' },
      ],
    } as unknown as ProductListing
    const xml = sitemapXml(STORE, listing)
    expect(xml).toContain(`<loc>${STORE}/</loc>`)
    expect(xml).toContain(`<loc>${STORE}/produto/A%26B%3C1%3E</loc>`)
    expect(xml.match(/ECPF-A1-12/g)).toHaveLength(1)
    // A group's page, at the address its page names as canonical.
    expect(xml).toContain(`<loc>${STORE}/?categoria=Tokens+%26+leitoras</loc>`)
    expect(xml.match(/categoria=e-CPF</g)).toHaveLength(1)
    expect(xml.match(/categoria=/g)).toHaveLength(2)
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;')
  })

  it('is served per host from the default listing, with no order page', async () => {
    const harness = relay()
    const res = await harness.app.request(`${STORE}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('content-type')).toMatch(/application\/xml/)
    const xml = await res.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /)
    expect(xml).toContain(`<loc>${STORE}/</loc>`)
    for (const product of harness.tenantState.seed.products) {
      expect(xml).toContain(`<loc>${STORE}/produto/${encodeURIComponent(product.sku)}</loc>`)
    }
    expect(xml).toMatch(/<loc>[^<]+\/\?categoria=[^<]+<\/loc>/)
    expect(xml).not.toContain('/pedido/')
    expect(xml).not.toContain(SEEDED_PUBLIC_TOKEN)
  })

  it('answers 503, uncached, when the listing cannot be read', async () => {
    const harness = relay({ upstream: () => Promise.reject(new TypeError('fetch failed')) })
    const res = await harness.app.request(`${STORE}/sitemap.xml`)
    expect(res.status).toBe(503)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('retry-after')).toBe('300')
  })
})
