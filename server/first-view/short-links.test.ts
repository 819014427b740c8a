import { describe, expect, it } from 'vitest'
import { renderPage } from '../../src/entry-server'
import { shellRoot } from '../testing/shell-root'
import { buildRelay, type RelayHarnessOptions } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

/**
 * A referrer's short link, `/i/21-ana-souza/token-usb`, over HTTP as a visitor (or a preview's
 * scraper) follows it: to the product with the referrer's `p` and the link's UTM, to the catalog
 * when the product is gone, to the landing's own refusal when the referrer is no referrer, and
 * never anywhere but a path of this store.
 */
const root = shellRoot('vitrine-short-links-')
const STORE = 'https://loja.certificabrasil.com.br'

function relayWithPages(options: RelayHarnessOptions = {}) {
  return buildRelay({ ...options, mountStatic: mountStatic(root(), { render: renderPage }) })
}

async function follow(path: string, options: RelayHarnessOptions = {}) {
  const res = await relayWithPages(options).request(path)
  return { status: res.status, location: res.headers.get('location'), res }
}

describe.each(['spec', 'docs'] as const)('short links (%s dialect)', (dialect) => {
  it.each([
    '/i/21-ana-souza/token-usb',
    '/i/21_ana-souza/token-usb',
    '/i/21:ana-souza/token-usb',
    '/i/i21_ana-souza/token-usb',
    '/i/i21-ana-souza/TOKEN-USB',
  ])('%s lands on the product with the referrer in the store’s form', async (path) => {
    const { status, location, res } = await follow(path, { offlineDialect: dialect })
    expect(status).toBe(302)
    expect(location).toBe('/produto/TOKEN-USB?p=i21_ana-souza')
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
  })

  it('keeps every query parameter of the link (UTM), after the referrer', async () => {
    const { location } = await follow(
      '/i/21-ana-souza/ecpf-a1-12?utm_source=whatsapp&utm_medium=social&utm_campaign=kit%20ana&outro=1',
      { offlineDialect: dialect },
    )
    expect(location).toBe(
      '/produto/ECPF-A1-12?p=i21_ana-souza&utm_source=whatsapp&utm_medium=social&utm_campaign=kit+ana&outro=1',
    )
  })

  it('a `p` in the query never takes the sale from the path’s referrer', async () => {
    const { location } = await follow('/i/21-ana-souza/token-usb?p=i34_k9x&utm_source=x', {
      offlineDialect: dialect,
    })
    expect(location).toBe('/produto/TOKEN-USB?p=i21_ana-souza&utm_source=x')
  })

  it.each([
    '/i/21-ana-souza/token%2Dusb',
    '/i/21-ana-souza/%74oken-usb',
    '/i/21%2Dana-souza/token-usb',
  ])('an encoded link (%s) is the same link', async (path) => {
    expect((await follow(path, { offlineDialect: dialect })).location).toBe(
      '/produto/TOKEN-USB?p=i21_ana-souza',
    )
  })

  it.each([
    ['withdrawn since the link was made', 'produto-antigo'],
    ['listed but no longer on sale', 'nfe-a1-12'],
  ])('a product %s: the catalog with the notice, the referrer and UTM kept', async (_, slug) => {
    const { status, location } = await follow(`/i/21-ana-souza/${slug}?utm_source=qr`, {
      offlineDialect: dialect,
    })
    expect(status).toBe(302)
    expect(location).toBe('/?p=i21_ana-souza&utm_source=qr&aviso=produto-indisponivel')
  })

  it('a notice written into the link itself is not repeated: the relay decides it', async () => {
    const { location } = await follow('/i/21-ana-souza/token-usb?aviso=produto-indisponivel', {
      offlineDialect: dialect,
    })
    expect(location).toBe('/produto/TOKEN-USB?p=i21_ana-souza')
  })

  it('a referrer the service does not know still reaches the product, whose page then says so', async () => {
    const { location } = await follow('/i/99-ninguem/token-usb', { offlineDialect: dialect })
    expect(location).toBe('/produto/TOKEN-USB?p=i99_ninguem')
  })
})

describe('a short link whose referrer is malformed', () => {
  it.each(['/i/21!/token-usb', '/i/ana-souza/token-usb', '/i/u12_ab3f/token-usb'])(
    '%s gets the refusal the /i/:ref landing gives',
    async (path) => {
      const relay = relayWithPages()
      const res = await relay.request(`${path}?utm_source=x`)
      expect(res.status).toBe(302)
      const location = res.headers.get('location')!
      expect(location).toBe(`/i/${path.split('/')[2]}?utm_source=x`)
      expect(res.headers.get('cache-control')).toBe('no-store')
      // What the landing itself answers for that link: the same page as asking it directly.
      const landing = await relay.request(location)
      const direct = await relay.request(`/i/${path.split('/')[2]}?utm_source=x`)
      expect(landing.status).toBe(direct.status)
      expect(await landing.text()).toBe(await direct.text())
    },
  )
})

describe('no open redirect', () => {
  it.each([
    '/i/%2F%2Fevil.example/token-usb',
    '/i/%5C%5Cevil.example/token-usb',
    '/i/%2F%5Cevil.example/token-usb',
    '/i/..%2F..%2Fevil.example/token-usb',
    '/i/https:%2F%2Fevil.example/token-usb',
    '/i/21-ana-souza/%2F%2Fevil.example',
    '/i/21-ana-souza/%5Cevil.example',
    '/i/21-ana-souza/https:%2F%2Fevil.example',
    '/i/21-ana-souza/token-usb?next=https://evil.example',
    '/i/%0d%0aLocation:%20https:%2F%2Fevil.example/token-usb',
  ])('%s: the Location is a path of this store', async (path) => {
    const { status, location } = await follow(path)
    // A dot segment is answered before any route, as a hidden file's name: 404, no Location.
    if (path.includes('..')) return expect([status, location]).toEqual([404, null])
    expect(status).toBe(302)
    expect(location).toMatch(/^\/(?![/\\])/)
    expect(location).not.toMatch(/[\r\n]/)
    expect(new URL(location!, STORE).origin).toBe(STORE)
  })
})

describe('when the service cannot be read', () => {
  it('the catalog with the referrer, and nothing kept', async () => {
    const { location, res } = await follow('/i/21-ana-souza/token-usb?utm_source=x', {
      upstream: async (request, offline) =>
        new URL(request.url).pathname === '/order/info'
          ? new Response('fora do ar', { status: 503 })
          : offline(request),
    })
    expect(location).toBe('/?p=i21_ana-souza&utm_source=x')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('the long forms are unchanged', () => {
  it('/i/:ref still lands on the catalog with the link', async () => {
    const res = await relayWithPages().request('/i/21-ana-souza')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(
      '<link rel="canonical" href="https://loja.certificabrasil.com.br/?p=i21_ana-souza"',
    )
  })
})
