import { describe, expect, it } from 'vitest'
import { renderPage } from '../../src/entry-server'
import { formatBRL } from '../../common/rules/money'
import { shellRoot } from '../testing/shell-root'
import { MAX_PATH, type LinkPreview } from './link-preview'
import { buildRelay, json, type RelayHarnessOptions } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

/**
 * GET /api/link-preview?path=: what a link of this store previews as on WhatsApp, checked
 * against the head the relay serves a crawler for that very link, and refused for anything that
 * is not a page of this store.
 */
const root = shellRoot('vitrine-link-preview-')
const STORE = 'https://loja.certificabrasil.com.br'

function relayWithPages(options: RelayHarnessOptions = {}) {
  return buildRelay({ ...options, mountStatic: mountStatic(root(), { render: renderPage }) })
}

const ask = (relay: ReturnType<typeof buildRelay>, path: string) =>
  relay.request(`/api/link-preview?path=${encodeURIComponent(path)}`)

async function preview(path: string, options: RelayHarnessOptions = {}): Promise<LinkPreview> {
  const res = await ask(relayWithPages(options), path)
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as LinkPreview
}

/** The Open Graph tags a crawler gets for `path` (the relay's rendered page). */
async function crawlerHead(path: string) {
  const res = await relayWithPages().request(path, { headers: { 'User-Agent': 'WhatsApp/2.23' } })
  const html = await res.text()
  const head = html.slice(0, html.indexOf('</head>'))
  const meta = (key: string) => {
    const value = new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(head)?.[1]
    return value
      ?.replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  }
  return {
    status: res.status,
    title: meta('og:title'),
    description: meta('og:description'),
    image: meta('og:image') ?? null,
    imageAlt: meta('og:image:alt') ?? null,
  }
}

describe('a preview is what a crawler gets', () => {
  it.each([
    '/',
    '/?categoria=M%C3%ADdias+e+Acess%C3%B3rios',
    '/produto/TOKEN-USB',
    '/produto/ECPF-A1-12?p=i34_k9x&utm_source=whatsapp',
    '/i/34_k9x',
    '/i/21-ana-souza?utm_campaign=kit',
    '/u/12_ab3f',
    '/?p=u12_ab3f',
  ])('%s', async (path) => {
    const [shown, crawled] = await Promise.all([preview(path), crawlerHead(path)])
    expect(crawled.status).toBe(200)
    expect(shown).toMatchObject({
      title: crawled.title,
      description: crawled.description,
      image: crawled.image,
      imageAlt: crawled.imageAlt,
    })
    expect(shown.title).not.toBe('')
  })

  it('a product: its price as the page’s description writes it; the link kept whole', async () => {
    const p = await preview('/produto/TOKEN-USB?p=i21_ana-souza&utm_source=whatsapp')
    expect(p.url).toBe(`${STORE}/produto/TOKEN-USB?p=i21_ana-souza&utm_source=whatsapp`)
    expect(p.price).toBe(formatBRL(11900))
    expect(p.price).toMatch(/^R\$\s119,00$/)
    expect(p.description).toContain(`por ${p.price}`)
    expect(p.image).toBe(`${STORE}/produtos/token-usb.webp`)
    expect(p.imageAlt).toBe('Token USB criptográfico prateado')
  })

  it('a referrer’s link never names the referrer (a person) in the preview', async () => {
    const p = await preview('/i/21-ana-souza')
    expect(p.title).toBe('Certifica Brasil — indicação')
    expect(JSON.stringify(p)).not.toMatch(/Ana Souza/)
    expect(p.price).toBeNull()
  })

  it('a short link previews as the product it lands on, and keeps its own address', async () => {
    const path = '/i/21-ana-souza/token-usb?utm_source=whatsapp'
    const [short, long] = await Promise.all([
      preview(path),
      preview('/produto/TOKEN-USB?p=i21_ana-souza&utm_source=whatsapp'),
    ])
    expect(short).toEqual({ ...long, url: `${STORE}${path}` })
  })

  it('a short link to a product no longer sold previews as the catalog with the referrer', async () => {
    const p = await preview('/i/21-ana-souza/produto-antigo')
    expect(p.title).toBe('Certifica Brasil — indicação')
    expect(p.price).toBeNull()
  })

  it('public, kept a minute', async () => {
    const res = await ask(relayWithPages(), '/produto/TOKEN-USB')
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
  })
})

describe('only a page of this store is previewed', () => {
  it.each([
    'https://evil.example/produto/TOKEN-USB',
    `${STORE}/produto/TOKEN-USB`,
    '//evil.example/produto/TOKEN-USB',
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%2F/evil.example',
    '/produto/%2F%2Fevil.example',
    '/produto//TOKEN-USB',
    'javascript:alert(1)',
    'produto/TOKEN-USB',
    '/api/products?p=',
    '/api/link-preview?path=/',
    '/%61pi/products',
    '/pedido/9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30',
    '/carrinho',
    '/minha-conta/pedidos',
    '/nao-existe',
    '/robots.txt',
    '/i/21!',
    '/i/%2F%2Fevil.example/token-usb',
    '/produto/TOKEN-USB%0d%0aSet-Cookie:x=1',
    `/produto/${'A'.repeat(2048)}`,
    `/?utm_source=${'x'.repeat(MAX_PATH)}`,
  ])('%j: 400 preview_path, the service never asked', async (path) => {
    const relay = relayWithPages()
    const res = await ask(relay, path)
    expect(res.status).toBe(400)
    expect(await json(res)).toMatchObject({ code: 'preview_path' })
    expect(res.headers.get('cache-control')).toBe('no-store')
    if (!path.startsWith('/i/')) expect(relay.calls).toEqual([])
  })

  it('no path at all, or a path given twice in the URL: the first is read, and judged', async () => {
    const relay = relayWithPages()
    expect((await relay.request('/api/link-preview')).status).toBe(400)
    const twice = await relay.request(
      '/api/link-preview?path=//evil.example&path=/produto/TOKEN-USB',
    )
    expect(twice.status).toBe(400)
  })
})

describe('what a preview cannot show', () => {
  it('a product the store does not sell: 404', async () => {
    const res = await ask(relayWithPages(), '/produto/NAO-EXISTE')
    expect(res.status).toBe(404)
    expect(await json(res)).toMatchObject({ code: 'preview_not_found' })
  })

  it('the service down: 503, to try again', async () => {
    const res = await ask(
      relayWithPages({ upstream: async () => new Response('fora', { status: 503 }) }),
      '/produto/TOKEN-USB',
    )
    expect(res.status).toBe(503)
    expect(await json(res)).toMatchObject({ code: 'preview_unavailable' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('a relay without pages (the API alone, the demo): 404', async () => {
    const res = await ask(buildRelay(), '/produto/TOKEN-USB')
    expect(res.status).toBe(404)
  })
})
