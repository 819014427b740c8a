import { describe, expect, it } from 'vitest'
import { shellRoot } from '../testing/shell-root'
import { buildRelay, JOAO, MARIA, SEEDED_PUBLIC_TOKEN } from '../relay/testing/test-helpers'
import { renderPage } from '../../src/entry-server'
import { mountStatic } from '../host/static-files'

/**
 * Each page's own head and status, what a crawler and a link preview read, over HTTP, with the
 * repository's own index.html (its marker and noscript) and the offline service behind the relay; pages rendered on the server
 * as the relay runs by default, and index.html with its head only as with SSR=off.
 */
const root = shellRoot('vitrine-heads-')

type Harness = Parameters<typeof buildRelay>[0]
const relay = (options: Harness = {}, timeoutMs?: number, ssr = true) =>
  buildRelay({
    ...options,
    mountStatic: mountStatic(root(), {
      headTimeoutMs: timeoutMs,
      renderTimeoutMs: timeoutMs,
      render: ssr ? renderPage : undefined,
    }),
  })

async function page(path: string, harness = relay()) {
  const res = await harness.request(path)
  const html = await res.text()
  const head = html.slice(0, html.indexOf('</head>'))
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1]
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1]
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1]
  const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)?.[1]
  return { res, html, head, meta, title, canonical, jsonLd }
}

describe('page heads', () => {
  it('gives the catalog the store name, its canonical without utm_* and Open Graph', async () => {
    const p = await page('/?utm_source=zap&utm_medium=social')
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('Certifica Brasil')
    expect(p.canonical).toBe('https://loja.certificabrasil.com.br/')
    expect(p.meta('og:site_name')).toBe('Certifica Brasil')
    expect(p.meta('og:url')).toBe('https://loja.certificabrasil.com.br/')
    expect(p.meta('og:locale')).toBe('pt_BR')
    expect(p.meta('og:type')).toBe('website')
    expect(p.head.match(/<title>/g)).toHaveLength(1)
    expect(p.head.match(/<meta name="description"/g)).toHaveLength(1)
    expect(p.html).toContain('Para comprar nesta loja, ative o JavaScript do navegador.')
  })

  it('gives a product group its own title and canonical; an unknown group is the catalog', async () => {
    const group = await page('/?categoria=Certifica%C3%A7%C3%A3o+Digital+e-CPF&utm_source=zap')
    expect(group.res.status).toBe(200)
    expect(group.title).toBe('Certificação Digital e-CPF — Certifica Brasil')
    expect(group.canonical).toBe(
      'https://loja.certificabrasil.com.br/?categoria=Certifica%C3%A7%C3%A3o+Digital+e-CPF',
    )
    const unknown = await page('/?categoria=%3Cscript%3Ealert(1)%3C%2Fscript%3E')
    expect(unknown.title).toBe('Certifica Brasil')
    expect(unknown.canonical).toBe('https://loja.certificabrasil.com.br/')
    expect(unknown.head).not.toContain('<script>alert')
  })

  it('gives a product page its name, BRL price, picture and a JSON-LD Product', async () => {
    const p = await page('/produto/ECPF-A1-12')
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('Certificado Digital e-CPF A1 – 12 meses — Certifica Brasil')
    expect(p.meta('description')).toContain('R$\u00a0159,90')
    expect(p.meta('og:type')).toBe('product')
    expect(p.meta('og:image')).toBe('https://loja.certificabrasil.com.br/produtos/ecpf-a1.webp')
    expect(p.meta('twitter:card')).toBe('summary_large_image')
    expect(p.canonical).toBe('https://loja.certificabrasil.com.br/produto/ECPF-A1-12')
    const ld = JSON.parse(p.jsonLd!) as Record<string, unknown>
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: 'ECPF-A1-12',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'BRL',
        price: '159.90',
        availability: 'https://schema.org/InStock',
      },
    })
  })

  it('keeps the link in a product canonical and prices from the link', async () => {
    const p = await page('/produto/ECPF-A1-12?p=u12:ab3f&utm_campaign=x')
    expect(p.canonical).toBe('https://loja.certificabrasil.com.br/produto/ECPF-A1-12?p=u12_ab3f')
    expect(p.meta('description')).toContain('Unidade Paulista')
  })

  it.each(['/?p=i34:k9x&utm_source=zap', '/i/34_k9x'])(
    'previews the referrer link %s as an indicação, with no personal data',
    async (path) => {
      const p = await page(path)
      expect(p.res.status).toBe(200)
      // The tab reads as the app titles the catalog; the preview names the offer.
      expect(p.title).toBe('Certifica Brasil')
      expect(p.meta('description')).toBe(
        'Compre em Certifica Brasil com as condições desta indicação.',
      )
      expect(p.meta('og:title')).toBe('Certifica Brasil — indicação')
      expect(p.canonical).toBe('https://loja.certificabrasil.com.br/?p=i34_k9x')
      for (const secret of [MARIA.document, MARIA.email, JOAO.document, JOAO.email]) {
        expect(p.head).not.toContain(secret)
      }
      expect(p.head).not.toMatch(/@|\d{3}\.?\d{3}\.?\d{3}-?\d{2}/)
      // Not even the referrer's name: a referrer may be a person.
      expect(p.head).not.toContain('Ribeiro')
    },
  )

  it('answers an unknown SKU 404 and noindex, with the store’s not-found page', async () => {
    const p = await page('/produto/NAO-EXISTE')
    expect(p.res.status).toBe(404)
    expect(p.meta('robots')).toBe('noindex')
    expect(p.html).toMatch(/<h1[^>]*>Produto não encontrado<\/h1>/)
  })

  it('answers a path no route matches with the shell, 404 and noindex', async () => {
    const p = await page('/nao-existe/mesmo')
    expect(p.res.status).toBe(404)
    expect(p.meta('robots')).toBe('noindex')
    expect(p.html).toContain('<div id="root"></div>')
  })
})

describe('hostile names from the service', () => {
  const HOSTILE_PRODUCT = '"><script>alert(1)</script></title><!-- & \u2028'
  const HOSTILE_STORE = `</title><script>alert(2)</script> O'Brien & "Filhos"`
  const hostile = () => {
    const harness = relay()
    harness.tenantState.seed.name = HOSTILE_STORE
    harness.tenantState.seed.products[0]!.description = HOSTILE_PRODUCT
    return harness
  }

  it.each(['/', `/produto/ECPF-A1-12`])('escapes them everywhere in %s', async (path) => {
    const p = await page(path, hostile())
    expect(p.res.status).toBe(200)
    expect(p.head).not.toContain('<script>alert')
    expect(p.head).not.toContain('"><')
    expect(p.head.match(/<\/title>/g)).toHaveLength(1)
    expect(p.title).toContain('&lt;/title&gt;')
    expect(p.meta('og:site_name')).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt; O&#39;Brien &amp; &quot;Filhos&quot;',
    )
  })

  it('keeps the JSON-LD one data block that parses back to the name', async () => {
    const p = await page('/produto/ECPF-A1-12', hostile())
    // The JSON-LD, and only the relay's own inline script besides (none from the name).
    const tags = p.head.match(/<script[^>]*>/g) ?? []
    expect(tags.filter((tag) => tag !== '<script>')).toEqual([
      '<script type="application/ld+json">',
    ])
    expect(p.jsonLd).not.toMatch(/[<>&\u2028]/)
    expect((JSON.parse(p.jsonLd!) as { name: string }).name).toBe(HOSTILE_PRODUCT.trim())
  })
})

describe('order pages', () => {
  it('serves a known order 200, never indexed, never cached, without a Referer', async () => {
    const p = await page(`/pedido/${SEEDED_PUBLIC_TOKEN}`)
    expect(p.res.status).toBe(200)
    expect(p.res.headers.get('cache-control')).toBe('no-store')
    expect(p.meta('robots')).toBe('noindex')
    expect(p.meta('referrer')).toBe('no-referrer')
    expect(p.res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('answers an unknown token 404 with the store’s words, same headers', async () => {
    const p = await page('/pedido/ffffffffffffffffffffffffffffffff')
    expect(p.res.status).toBe(404)
    expect(p.res.headers.get('cache-control')).toBe('no-store')
    expect(p.res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(p.meta('robots')).toBe('noindex')
    expect(p.html).toContain('Pedido não encontrado')
  })

  it('with SSR=off, keeps the order out of the page and still answers 404', async () => {
    const known = await page(`/pedido/${SEEDED_PUBLIC_TOKEN}`, relay({}, undefined, false))
    expect(known.res.status).toBe(200)
    expect(known.meta('referrer')).toBe('no-referrer')
    expect(known.html).toContain('<div id="root"></div>')
    expect(known.html).not.toContain('Maria')
    const unknown = await page(
      '/pedido/ffffffffffffffffffffffffffffffff',
      relay({}, undefined, false),
    )
    expect(unknown.res.status).toBe(404)
  })
})

describe('when the service is down or late', () => {
  const down = { upstream: () => Promise.reject(new TypeError('fetch failed')) }
  const late = { upstream: () => new Promise<Response>(() => {}) }
  const PAGES = ['/', '/produto/ECPF-A1-12', '/i/34_k9x', `/pedido/${SEEDED_PUBLIC_TOKEN}`]

  it.each([
    ['down', down, 503, 'O serviço está indisponível no momento', 2_000],
    ['late', late, 504, 'O serviço demorou demais para responder', 50],
  ] as const)(
    'still serves every page, %s: status %d and the store’s words',
    async (_, harness, status, words, deadline) => {
      const app = relay(harness, deadline)
      for (const path of PAGES) {
        const started = Date.now()
        const p = await page(path, app)
        expect(p.res.status, path).toBe(status)
        expect(p.res.headers.get('retry-after'), path).toBe('5')
        expect(p.meta('robots'), path).toBe('noindex')
        expect(p.html, path).toContain(words)
        expect(p.html, path).toContain('Tentar novamente')
        // The app's own script still loads: the browser reads the data itself.
        expect(p.html, path).toContain('<script type="module"')
        expect(p.html, path).not.toMatch(/TypeError|fetch failed|at .*\.ts:\d+/)
        expect(Date.now() - started, path).toBeLessThan(1_000)
      }
    },
  )

  it.each([
    ['down', down],
    ['late', late],
  ])('with SSR=off, serves every page 200 with the generic head (%s)', async (_, harness) => {
    const app = relay(harness, 50, false)
    for (const path of PAGES) {
      const p = await page(path, app)
      expect(p.res.status, path).toBe(200)
      expect(p.title, path).toBe('Vitrine')
    }
  })
})
