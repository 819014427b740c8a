import { describe, expect, it } from 'vitest'
import { shellRoot } from '../testing/shell-root'
import { parseFirstView, renderPage } from '../../src/entry-server'
import { buildRelay, type RelayHarnessOptions } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

/**
 * A rendered page is never worse than the browser-rendered one: a side read that fails or is
 * not configured (the payment options, DEFAULT_P unset) leaves the catalog and product pages
 * at 200 with their products and prices, and the browser reads the rest; only the page's own
 * read failing (the listing) gives 503. Over HTTP, on both dialects.
 */
const root = shellRoot('vitrine-side-reads-')

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
const PRICE = 'R$\u00a0159,90'

/** The offline service, with one of the `/order/info` reads (`t=`) answered by `answer`. */
const failing =
  (t: string, answer: () => Promise<Response>): RelayHarnessOptions['upstream'] =>
  (request, offline) =>
    new URL(request.url).searchParams.get('t') === t ? answer() : offline(request)

const down = () => Promise.resolve(Response.json({ title: 'Internal error' }, { status: 500 }))
const never = () => new Promise<Response>(() => {})

async function page(path: string, harness: ReturnType<typeof buildRelay>) {
  const res = await harness.request(path)
  const html = await res.text()
  const app = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'))
  const handover =
    /<script type="application\/json" id="vitrine-first-view">([^<]*)<\/script>/.exec(html)?.[1]
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]
  const view = handover ? parseFirstView(handover) : undefined
  return {
    res,
    app,
    title,
    handedOver: view ? view.queries.map((q) => q.key[0]) : [],
    failed: view ? view.failed.map((key) => key[0]) : [],
  }
}

describe.each(['spec', 'docs'] as const)('a side read that fails (%s dialect)', (dialect) => {
  const relay = (options: RelayHarnessOptions = {}, renderTimeoutMs?: number) =>
    buildRelay({
      offlineDialect: dialect,
      ...options,
      mountStatic: mountStatic(root(), { render: renderPage, renderTimeoutMs }),
    })

  it.each([
    ['/', 'Certifica Brasil'],
    ['/produto/ECPF-A1-12', `${ECPF} — Certifica Brasil`],
    // A landing's tab reads the store's name, as the app sets it; "— indicação" is the preview's.
    ['/i/34_k9x', 'Certifica Brasil'],
  ])('payment options down: %s answers 200 with its products and prices', async (path, title) => {
    const p = await page(path, relay({ upstream: failing('negotiationTypes', down) }))
    expect(p.res.status).toBe(200)
    expect(p.app).toContain(ECPF)
    expect(p.app).toContain(PRICE)
    expect(p.title).toBe(title)
    // The listing comes with the page; the options do not, so the browser reads them itself,
    // knowing the server's read failed: the page holds no empty box for them, nor does the app
    // hydrating it (the box would go when the browser's read failed too, moving the page).
    expect(p.handedOver).toContain('products')
    expect(p.handedOver).not.toContain('payment-options')
    expect(p.failed).toEqual(['payment-options'])
    expect(p.app).not.toContain('class="offers"')
  })

  it('payment options late: the page waits its deadline, then answers 200 without them', async () => {
    const p = await page('/', relay({ upstream: failing('negotiationTypes', never) }, 200))
    expect(p.res.status).toBe(200)
    expect(p.app).toContain(PRICE)
    expect(p.handedOver).not.toContain('payment-options')
    expect(p.failed).toEqual(['payment-options'])
  })

  it('no DEFAULT_P: the catalog and a product page answer 200 with products and prices', async () => {
    const harness = relay()
    harness.tenant.defaultP = ''
    for (const path of ['/', '/produto/ECPF-A1-12']) {
      const p = await page(path, harness)
      expect(p.res.status, path).toBe(200)
      expect(p.app, path).toContain(ECPF)
      expect(p.app, path).toContain(PRICE)
      expect(p.handedOver, path).not.toContain('payment-options')
      expect(p.failed, path).toEqual(['payment-options'])
      expect(p.app, path).not.toContain('class="offers"')
    }
  })

  it('the company read down: 200 with the products', async () => {
    const p = await page('/', relay({ upstream: failing('company', down) }))
    expect(p.res.status).toBe(200)
    expect(p.app).toContain(PRICE)
    // Not a side read of the page's loaders: the footer goes without it, and so does the app.
    expect(p.failed).toEqual([])
    expect(p.app).toContain('class="offers"')
  })

  it('the page’s own read down (the listing) is still a 503, whatever the side reads do', async () => {
    const p = await page('/', relay({ upstream: failing('prices', down) }))
    expect(p.res.status).toBe(503)
    expect(p.res.headers.get('retry-after')).toBe('5')
    expect(p.app).not.toContain(PRICE)
  })
})
