import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingExcerpt } from '../../src/api/queries/listing-excerpt'
import { parseFirstView, renderPage } from '../../src/entry-server'
import { benchTenant } from '../../offline/data/tenant-bench'
import { buildRelay, SEEDED_PUBLIC_TOKEN } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

/**
 * The first view rendered by the relay (content before any script), over HTTP, as `curl` and a
 * link preview see it: the data is in the markup, the handover to the browser is one JSON block
 * that cannot be broken out of, and a lazy route's stylesheet comes with its page.
 */
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitrine-ssr-'))
  await mkdir(join(root, 'assets'), { recursive: true })
  await mkdir(join(root, '.vite'), { recursive: true })
  await writeFile(join(root, 'index.html'), await readFile('index.html', 'utf8'))
  // The parts of a build's manifest the order route uses (a build writes it to dist/.vite/).
  await writeFile(
    join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/order-route.tsx': {
        file: 'assets/order-route-1.js',
        css: ['assets/order-route-1.css'],
        imports: ['_shared-1.js'],
      },
      '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
    }),
  )
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

type Harness = Parameters<typeof buildRelay>[0]
const relay = (options: Harness = {}) =>
  buildRelay({ ...options, mountStatic: mountStatic(root, { render: renderPage }) })

async function get(path: string, harness = relay()) {
  const res = await harness.request(path)
  const html = await res.text()
  const app = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'))
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attrs: m[1]!,
    body: m[2]!,
  }))
  const policy = res.headers.get('content-security-policy') ?? ''
  const hashes = [...policy.matchAll(/'(sha256-[A-Za-z0-9+/=]+)'/g)].map((m) => m[1]!)
  const handover = scripts.find((s) => s.attrs.includes('id="vitrine-first-view"'))
  return { res, html, app, scripts, hashes, handover }
}

describe('pages rendered by the relay', () => {
  it('writes the catalog with its products and prices, ready for a reader without JavaScript', async () => {
    const p = await get('/')
    expect(p.res.status).toBe(200)
    expect(p.app).toContain('Certificado Digital e-CPF A1 – 12 meses')
    expect(p.app).toContain('R$\u00a0159,90')
    expect(p.app).toContain('Certifica Brasil')
    // Each card links to its product page, which is rendered here too.
    expect(p.app).toContain('href="/produto/ECPF-A1-12"')
    // The data came with the page: no preload left to fetch it again.
    expect(p.html).not.toContain('rel="preload" href="/api/')
  })

  it('names the company behind the store in every page’s footer, as a store must', async () => {
    for (const path of ['/', '/produto/ECPF-A1-12', `/pedido/${SEEDED_PUBLIC_TOKEN}`]) {
      const p = await get(path)
      const footer = p.app.slice(p.app.indexOf('<footer'), p.app.indexOf('</footer>'))
      expect(footer, path).toContain('Certifica Brasil Certificação Digital Ltda')
      expect(footer, path).toContain('CNPJ 12.345.678/0001-95')
      // The browser starts with them: it neither asks for them nor renders the footer again.
      expect(parseFirstView(p.handover!.body).queries.map((q) => q.key[0])).toContain('company')
    }
  })

  it('still writes the page when the service has no company details or fails to give them', async () => {
    const answering = (status: number) =>
      relay({
        upstream: (request, offline) =>
          new URL(request.url).searchParams.get('t') === 'company'
            ? Promise.resolve(new Response('{"detail":"x"}', { status }))
            : offline(request),
      })
    for (const [status, handedOver] of [
      // None to show: that answer comes with the page, so the browser does not ask again.
      [404, [null]],
      // A failure is not handed over: the browser tries once more on its own.
      [500, []],
    ] as const) {
      const p = await get('/', answering(status))
      expect(p.res.status).toBe(200)
      expect(p.app).toContain('Certificado Digital e-CPF A1 – 12 meses')
      expect(p.app).not.toContain('Certificação Digital Ltda')
      const company = parseFirstView(p.handover!.body).queries.filter((q) => q.key[0] === 'company')
      expect(company.map((q) => q.data)).toEqual(handedOver)
    }
  })

  it('writes every boundary in place on a long page, none left for a script to move', async () => {
    // A link's catalog passes React's progressive chunk size with its banner.
    for (const path of ['/', '/i/34_k9x?utm_source=zap', '/?p=u12_ab3f']) {
      const p = await get(path)
      expect(p.app, path).not.toMatch(/<template|hidden id="S:|\$RC/)
      const footer = p.app.slice(p.app.indexOf('<footer'), p.app.indexOf('</footer>'))
      expect(footer, path).toContain('CNPJ 12.345.678/0001-95')
    }
  })

  it('writes a product page with its price and the JSON-LD in the head', async () => {
    const p = await get('/produto/ECPF-A1-12')
    expect(p.res.status).toBe(200)
    expect(p.app).toMatch(/<h1[^>]*>Certificado Digital e-CPF A1 – 12 meses<\/h1>/)
    expect(p.app).toContain('R$\u00a0159,90')
    expect(p.html).toContain('<script type="application/ld+json">')
  })

  it('writes a referrer landing as the store with the link’s offer, and says which URL it is', async () => {
    const p = await get('/i/34_k9x?utm_source=zap')
    expect(p.res.status).toBe(200)
    expect(p.html).toContain('<title>Certifica Brasil</title>')
    expect(p.html).toContain('<meta property="og:title" content="Certifica Brasil — indicação" />')
    const handover = parseFirstView(p.handover!.body)
    // The browser's address becomes the store (src/main.tsx); the link is the visit's. The
    // campaign fields are not in the page (one page for every campaign): the browser keeps its own.
    expect(handover.url).toBe('/')
    expect(handover.search).toBe('?p=i34_k9x')
    expect(p.html).not.toContain('utm_source=zap')
    expect(p.app).toContain('Certificado Digital e-CPF A1 – 12 meses')
  })

  it('leaves a link the service does not know to the browser, which falls back and says so', async () => {
    const p = await get('/?p=i99_zzz')
    expect(p.res.status).toBe(200)
    expect(p.html).toContain('<div id="root"></div>')
    expect(p.handover).toBeUndefined()
    // Still the store's own head.
    expect(p.html).toContain('<title>Certifica Brasil</title>')
  })

  it('writes the order page with its status and boleto downloads, never cached', async () => {
    const p = await get(`/pedido/${SEEDED_PUBLIC_TOKEN}`)
    expect(p.res.status).toBe(200)
    expect(p.res.headers.get('cache-control')).toBe('no-store')
    const code = /<h1[^>]*>Pedido (V2026-\d+)<\/h1>/.exec(p.app)?.[1]
    expect(code).toBeDefined()
    // Titled as its heading, as the app titles it after hydrating (common/rules/document-title.ts).
    expect(p.html).toContain(`<title>Pedido ${code} — Certifica Brasil</title>`)
    expect(p.app).toMatch(/href="[^"]+boleto[^"]+\.pdf[^"]*"/)
    // The status, in the page's own words (the seeded order is unpaid), and the links to the
    // boleto files leak no token through Referer.
    expect(p.app).toMatch(/Situação do pagamento(<!-- -->|<[^>]+>|\s)*Aguardando pagamento/)
    for (const link of p.app.match(/<a [^>]*boleto[^>]*>/g) ?? [])
      expect(link).toMatch(/rel="noopener noreferrer"/)
  })

  it('writes a paid order’s tenant legend into the page, sanitised, so nothing pops in later', async () => {
    // The offline store's paid order; its legend carries a script, an onerror and a javascript:
    // link (offline/data/hostile-markup.ts).
    const p = await get('/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56')
    expect(p.res.status).toBe(200)
    const legend = /<div [^>]*class="prose order-scheduling__legend">([\s\S]*?)<\/div>/.exec(p.app)
    expect(legend?.[1]).toContain('<strong>Presencial:</strong> leve um documento')
    expect(legend?.[1]).toContain('Clique aqui para mais detalhes')
    expect(legend?.[1]).not.toMatch(/<script|onerror|javascript:|__vitrineInjected/i)
  })

  it('links the lazy route’s stylesheets in the head, its modules with the app', async () => {
    const p = await get(`/pedido/${SEEDED_PUBLIC_TOKEN}`)
    const head = p.html.slice(0, p.html.indexOf('</head>'))
    expect(head).toContain('<link rel="stylesheet" href="/assets/order-route-1.css" />')
    expect(head).toContain('<link rel="stylesheet" href="/assets/shared-1.css" />')
    // Nothing in the head makes the browser fetch or run JavaScript before it paints.
    expect(head).not.toMatch(/modulepreload|<script type="module"/)
    const starter = p.scripts.find((s) => s.body.includes('modulepreload'))!
    expect(starter.body).toContain('"/assets/order-route-1.js"')
    expect(starter.body).toContain('"/assets/shared-1.js"')
    expect(starter.body).toContain('"/src/main.tsx"')
  })
})

describe('reads shared between renders', () => {
  /** The relay with shared reads on, and every `/api` call a render makes. */
  function counted() {
    const asked: string[] = []
    const harness = buildRelay({
      mountStatic: mountStatic(root, {
        shareReadsMs: 60_000,
        render: (input) =>
          renderPage({
            ...input,
            fetch: (url, init) => {
              asked.push(new URL(String(url), 'http://x').pathname)
              return input.fetch(url, init)
            },
          }),
      }),
    })
    return { harness, asked }
  }

  it('a second catalog render reads nothing, and shows the same products and prices', async () => {
    const { harness, asked } = counted()
    const first = await get('/', harness)
    const reads = asked.length
    expect(reads).toBeGreaterThan(0)
    const second = await get('/', harness)
    expect(asked).toHaveLength(reads)
    expect(second.html).toBe(first.html)
  })

  it('never shares an order: each order page reads it again', async () => {
    const { harness, asked } = counted()
    await get(`/pedido/${SEEDED_PUBLIC_TOKEN}`, harness)
    await get(`/pedido/${SEEDED_PUBLIC_TOKEN}`, harness)
    expect(asked.filter((path) => path.startsWith('/api/orders/'))).toHaveLength(2)
  })

  it('keeps a link’s prices apart from the store’s own', async () => {
    const { harness } = counted()
    const store = parseFirstView((await get('/', harness)).handover!.body)
    const linked = parseFirstView((await get('/?p=i34_k9x', harness)).handover!.body)
    const keys = (view: typeof store) => view.queries.map((q) => JSON.stringify(q.key))
    expect(keys(linked)).toContain('["products","i34_k9x"]')
    expect(keys(store)).not.toContain('["products","i34_k9x"]')
  })
})

describe('a page of a store of 1,000 products', () => {
  /** The relay over the bench's store: 1,000 products in 8 categories. */
  const big = () => {
    const harness = relay()
    harness.tenantState.seed.products = benchTenant().products
    return harness
  }
  const excerpts = (handover: string) =>
    Object.fromEntries(
      parseFirstView(handover)
        .queries.filter((q) => q.key[0] === 'products-excerpt')
        .map((q) => [q.key[1] as string, q.data as ListingExcerpt]),
    )
  const KB = 1024

  it('is at most 100 KB of HTML: the catalog, a link’s landing, a product page', async () => {
    const harness = big()
    for (const path of ['/', '/?p=i34_k9x', '/produto/BENCH-0500', '/?categoria=Leitoras']) {
      const page = await get(path, harness)
      expect(page.res.status, path).toBe(200)
      expect(Buffer.byteLength(page.html), path).toBeLessThanOrEqual(100 * KB)
      // No page carries a whole listing: its name, and the products it shows.
      for (const excerpt of Object.values(excerpts(page.handover!.body))) {
        expect(excerpt.listing.prices.length, path).toBeLessThanOrEqual(24)
      }
    }
  })

  it('hands over the first screen of the view it shows, and what the whole listing has', async () => {
    const page = await get('/?busca=leitora&ordem=priceDesc', big())
    const { '': store } = excerpts(page.handover!.body)
    const leitoras = benchTenant().products.filter((p) => /leitora/i.test(p.description))
    const dearest = [...leitoras].sort((a, b) => Number(b.price) - Number(a.price))
    expect(store!.catalog).toMatchObject({
      query: 'leitora',
      group: '',
      sort: 'priceDesc',
      found: leitoras.length,
      total: 1000,
    })
    expect(store!.catalog!.groups).toHaveLength(8)
    expect(store!.listing.prices.map((p) => p.sku)).toEqual(dearest.slice(0, 24).map((p) => p.sku))
    // The cards on the page are those products, in that order.
    const cards = [...page.app.matchAll(/href="\/produto\/([^"?]+)/g)].map((m) => m[1])
    expect([...new Set(cards)]).toEqual(dearest.slice(0, 24).map((p) => p.sku))
  })

  it('a product page carries its product; a landing the store’s name, not its listing', async () => {
    const harness = big()
    const product = excerpts((await get('/produto/BENCH-0500', harness)).handover!.body)['']!
    expect(product.sku).toBe('BENCH-0500')
    expect(product.listing.prices.map((p) => p.sku)).toEqual(['BENCH-0500'])
    const landing = excerpts((await get('/?p=i34_k9x', harness)).handover!.body)
    expect(landing['']!.listing.prices).toEqual([])
    expect(landing['']!.listing.description).toBe(harness.tenantState.seed.name)
    expect(landing['i34_k9x']!.catalog!.total).toBeGreaterThan(24)
  })
})

describe('the handover to the browser', () => {
  it('is a JSON block and two inline scripts the policy names by their hashes, without unsafe-inline', async () => {
    const a = await get('/')
    const policy = a.res.headers.get('content-security-policy')!
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('nonce-')
    // The handover is data (never run, so not in the policy). Two inline scripts run: in the
    // head, what holds taps until the app answers (and starts the ICU warm-up worker); at the
    // end, what starts the app after the first paint. Nothing else inline runs.
    expect(a.handover!.attrs).toBe(' type="application/json" id="vitrine-first-view"')
    const inline = a.scripts.filter((s) => !/\bsrc=|application\/(ld\+)?json/.test(s.attrs))
    expect(inline).toHaveLength(2)
    const digest = async (text: string) =>
      `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`
    expect(a.hashes.sort()).toEqual(
      (await Promise.all(inline.map((script) => digest(script.body)))).sort(),
    )
    for (const script of inline) expect(script.attrs).toBe('')
    expect(inline[0]!.body).toContain('__vitrineEarlyClicks')
    expect(inline[0]!.body).toContain("new Worker('/intl-warm.js')")
    expect(inline[1]!.body).toContain('requestAnimationFrame')
    // Taps are held from before the first product is on screen, not from the end of the page.
    const head = a.html.slice(0, a.html.indexOf('</head>'))
    expect(head).toContain('__vitrineEarlyClicks')
  })

  it('is the same page for every visitor: logged in or not, from any campaign', async () => {
    const harness = buildRelay({
      mountStatic: mountStatic(root, { render: renderPage, shareReadsMs: 60_000 }),
    })
    // Renders whose reads were made apart differ in their read times (the first made them).
    await harness.request('/?p=i34_k9x')
    const pages = await Promise.all(
      [
        ['/?p=i34_k9x', {}],
        ['/?p=i34_k9x&utm_source=zap&utm_campaign=natal', {}],
        ['/?p=i34_k9x', { Cookie: '__Host-vitrine_session=abc; vitrine_cart=2' }],
      ].map(async ([path, headers]) => {
        const res = await harness.request(path as string, { headers: headers as HeadersInit })
        return { html: await res.text(), policy: res.headers.get('content-security-policy') }
      }),
    )
    expect(new Set(pages.map((p) => p.html)).size).toBe(1)
    expect(new Set(pages.map((p) => p.policy)).size).toBe(1)
    expect(pages[0]!.html).not.toContain('natal')
  })

  it('cannot be broken out of by a product or store name', async () => {
    // `$&` and `$'` would be replacement patterns to a careless `String.replace`.
    const HOSTILE = "</script><script>alert(1)</script><!--\u2028 US$' $& R$"
    const harness = relay()
    harness.tenantState.seed.name = `Loja ${HOSTILE}`
    harness.tenantState.seed.products[0]!.description = HOSTILE
    const p = await get('/', harness)
    expect(p.res.status).toBe(200)
    expect(p.html).not.toContain('<script>alert(1)')
    // In the markup, text; in the handover, an escaped string that reads back as the name.
    expect(p.app).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(p.handover!.body).not.toMatch(/<\/script|<!--/i)
    const listing = parseFirstView(p.handover!.body).queries.find((q) => q.key[0] === 'products')!
      .data as {
      prices: { description: string }[]
    }
    expect(listing.prices[0]!.description).toBe(HOSTILE)
  })

  it('keeps dates as dates, so the browser starts with the same data it would read', async () => {
    const p = await get(`/pedido/${SEEDED_PUBLIC_TOKEN}`)
    const order = parseFirstView(p.handover!.body).queries.find((q) => q.key.includes('order'))
    const { financialItems } = order!.data as { financialItems: { dueDate: unknown }[] }
    expect(financialItems.length).toBeGreaterThan(0)
    for (const item of financialItems) expect(item.dueDate).toBeInstanceOf(Date)
  })

  it('never carries a session or the personal data of the account pages', async () => {
    const p = await get('/')
    expect(p.html).not.toMatch(/"?session"?:|authenticated/)
  })
})

describe('what caches in front of the relay may keep', () => {
  const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'

  it('the catalog, a product and a link’s landing: public to shared caches, with a strong ETag', async () => {
    const harness = relay()
    for (const path of ['/', '/?categoria=Servi%C3%A7os', '/produto/TOKEN-USB', '/i/34_k9x']) {
      const res = await harness.request(path, { headers: { 'Accept-Encoding': 'identity' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe(SHARED)
      expect(res.headers.get('etag'), path).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
      expect(res.headers.get('set-cookie'), path).toBeNull()
      expect(res.headers.get('vary') ?? 'Accept-Encoding', path).toBe('Accept-Encoding')
    }
  })

  it('a browser holding the page gets a 304, weak tag or strong; a changed page is sent anew', async () => {
    const harness = buildRelay({
      mountStatic: mountStatic(root, { render: renderPage, shareReadsMs: 60_000 }),
    })
    const first = await harness.request('/produto/TOKEN-USB')
    const etag = first.headers.get('etag')!
    for (const held of [etag, `W/${etag}`, `"outra", ${etag}`]) {
      const again = await harness.request('/produto/TOKEN-USB', {
        headers: { 'If-None-Match': held },
      })
      expect(again.status, held).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe(SHARED)
    }
    const other = await harness.request('/produto/LEITORA-CARTAO', {
      headers: { 'If-None-Match': etag },
    })
    expect(other.status).toBe(200)
  })

  it('the times are the operator’s (PAGE_CACHE_SECONDS, PAGE_STALE_SECONDS)', async () => {
    const harness = buildRelay({
      mountStatic: mountStatic(root, {
        render: renderPage,
        sharedCache: { seconds: 5, staleSeconds: 30 },
      }),
    })
    const res = await harness.request('/')
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    )
  })

  it('an order page, a page that failed, and a page the browser renders are never kept', async () => {
    const down = relay({
      upstream: () => Promise.resolve(new Response('{"detail":"x"}', { status: 500 })),
    })
    const failed = await down.request('/')
    expect(failed.status).toBeGreaterThanOrEqual(500)
    expect(failed.headers.get('cache-control')).toBe('no-store')
    const harness = relay()
    const unknown = await harness.request('/produto/NAO-EXISTE')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('cache-control')).toBe('no-store')
    const order = await harness.request(`/pedido/${SEEDED_PUBLIC_TOKEN}`)
    expect(order.headers.get('cache-control')).toBe('no-store')
    expect(order.headers.get('etag')).toBeNull()
    for (const path of ['/carrinho', '/checkout', '/minha-conta']) {
      const res = await harness.request(path)
      expect(res.headers.get('cache-control'), path).not.toMatch(/public|s-maxage/)
    }
  })
})

describe('the relay’s own page cache (a crowd on one link)', () => {
  /** The relay as `npm start` has it, but with reads kept 1 s between renders off. */
  const cached = () => relay()

  it('200 visitors arriving at once on a referrer’s link cost one render', async () => {
    const one = cached()
    await one.request('/?p=i34_k9x')
    const reads = one.calls.length
    const crowd = cached()
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => crowd.request('/?p=i34_k9x')),
    )
    const pages = await Promise.all(answers.map((res) => res.text()))
    expect(new Set(pages).size).toBe(1)
    expect(crowd.calls.length).toBe(reads)
  })

  it('campaign fields and made-up parameters are one page, none of them in it', async () => {
    const harness = cached()
    const first = await harness.request('/?p=i34_k9x')
    const reads = harness.calls.length
    const other = await harness.request(
      '/?utm_source=zap&p=i34_k9x&fbclid=abc&x=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    )
    const html = await other.text()
    expect(html).toBe(await first.text())
    expect(html).not.toMatch(/utm_source=zap|fbclid=abc|alert\(1\)/)
    expect(harness.calls.length).toBe(reads)
  })

  it('attack: 300 distinct searches keep neither the store’s page out nor its memory growing', async () => {
    let renders = 0
    const harness = buildRelay({
      mountStatic: mountStatic(root, {
        render: (input) => {
          renders++
          return renderPage(input)
        },
        pageCache: { maxBytes: 2 * 1024 * 1024, freshMs: 60_000 },
      }),
    })
    await harness.request('/')
    await harness.request('/')
    expect(renders).toBe(1)
    for (let i = 0; i < 300; i++) await harness.request(`/?busca=${i}-${'x'.repeat(40)}`)
    expect(renders).toBe(301)
    // The store's own page was asked twice: the flood of pages asked once cannot reach it.
    await harness.request('/')
    expect(renders).toBe(301)
  }, 30_000)

  it('a logged-in visitor’s page carries nothing of theirs, so the copy kept is anyone’s', async () => {
    const harness = cached()
    const cookie = await harness.login()
    const theirs = await (await harness.request('/', { headers: { Cookie: cookie } })).text()
    const anyone = await (await harness.request('/')).text()
    expect(anyone).toBe(theirs)
    expect(anyone).not.toMatch(/Maria|529\.?982|maria\.santos/i)
  })

  it('a service down: the kept page is served stale within its window, and the log says so', async () => {
    let now = 0
    let down = false
    const harness = buildRelay({
      upstream: (request, offline) =>
        down ? Promise.resolve(new Response('{"detail":"x"}', { status: 503 })) : offline(request),
      mountStatic: mountStatic(root, {
        render: renderPage,
        pageCache: { freshMs: 2_000, staleMs: 60_000, now: () => now },
      }),
    })
    const fresh = await harness.request('/produto/TOKEN-USB')
    expect(fresh.headers.get('x-cache')).toBe('MISS')
    const page = await fresh.text()
    down = true
    now = 10_000
    const stale = await harness.request('/produto/TOKEN-USB')
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-cache')).toBe('STALE')
    expect(await stale.text()).toBe(page)
    const line = harness.logs.filter((l) => l.msg === 'request').at(-1)
    expect(line).toMatchObject({ path: '/produto/TOKEN-USB', status: 200, cache: 'stale' })
  })
})
