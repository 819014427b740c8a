import { describe, expect, it } from 'vitest'
import { shellRoot } from '../testing/shell-root'
import { renderPage } from '../../src/entry-server'
import { buildRelay, type RelayHarnessOptions } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

/**
 * Link previews with a picture on every indexable page, over HTTP as a preview's scraper sees
 * them: the catalog, a group, the unit and referrer landings and product pages, rendered by
 * the relay and with SSR=off. The offline store's logo is an SVG, which no preview shows: its
 * catalog previews its first product's picture; a store with a JPEG logo previews the logo.
 */
const root = shellRoot('vitrine-previews-')

const STORE = 'https://loja.certificabrasil.com.br'
/** A logo as the docs show one (business_details_token.md): a signed file address, a .jpg name. */
const SIGNED_LOGO = {
  name: 'canivete-icon.jpg',
  description: null,
  href: 'https://dev.gestao.plus/file?q=e2dvb2RfbG9va317ImRhdGEiOnt9fQ==',
}

type Upstream = NonNullable<RelayHarnessOptions['upstream']>

/** The offline service with the company's picture and the listings' pictures rewritten. */
function rewriting(change: {
  logo?: unknown
  picture?: (sku: string, image: unknown) => unknown
}): Upstream {
  return async (request, offline) => {
    const response = await offline(request)
    const t = new URL(request.url).searchParams.get('t')
    if (!response.ok || (t !== 'company' && t !== 'prices')) return response
    const body = (await response.json()) as Record<string, unknown>
    if (t === 'company' && 'logo' in change) return Response.json({ ...body, image: change.logo })
    if (t === 'prices' && change.picture) {
      const prices = body.prices as { sku: string; image: unknown }[]
      return Response.json({
        ...body,
        prices: prices.map((p) => ({ ...p, image: change.picture!(p.sku, p.image) })),
      })
    }
    return Response.json(body)
  }
}

async function preview(path: string, upstream?: Upstream, ssr = true) {
  const relay = buildRelay({
    upstream,
    mountStatic: mountStatic(root(), { render: ssr ? renderPage : undefined }),
  })
  const res = await relay.request(path)
  expect(res.status, path).toBe(200)
  const html = await res.text()
  const head = html.slice(0, html.indexOf('</head>'))
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1]
  return {
    image: meta('og:image'),
    alt: meta('og:image:alt'),
    card: meta('twitter:card'),
    twitterImage: meta('twitter:image'),
  }
}

describe.each([
  ['rendered by the relay', true],
  ['with SSR=off', false],
])('link previews, %s', (_, ssr) => {
  it('the catalog shows its first product’s picture when the logo is one no preview shows (SVG)', async () => {
    const p = await preview('/', undefined, ssr)
    expect(p.image).toBe(`${STORE}/produtos/ecpf-a1.webp`)
    expect(p.alt).toBe('Cartão ilustrado do e-CPF A1, arquivo instalado no computador')
    expect(p.card).toBe('summary_large_image')
    expect(p.twitterImage).toBe(p.image)
  })

  it('the catalog shows the company’s logo when it has one a preview can show', async () => {
    const p = await preview('/', rewriting({ logo: SIGNED_LOGO }), ssr)
    expect(p.image).toBe(SIGNED_LOGO.href)
    expect(p.alt).toBeUndefined()
    expect(p.card).toBe('summary_large_image')
  })

  it('a group page shows the group’s first picture; landings show the store’s', async () => {
    const group = await preview('/?categoria=M%C3%ADdias+e+Acess%C3%B3rios', undefined, ssr)
    expect(group.image).toBe(`${STORE}/produtos/token-usb.webp`)
    for (const path of ['/u/12_ab3f', '/i/34_k9x', '/?p=u12_ab3f']) {
      const landing = await preview(path, undefined, ssr)
      expect(landing.image, path).toMatch(new RegExp(`^${STORE}/produtos/.+\\.webp$`))
      expect(landing.card, path).toBe('summary_large_image')
    }
    const withLogo = await preview('/i/34_k9x', rewriting({ logo: SIGNED_LOGO }), ssr)
    expect(withLogo.image).toBe(SIGNED_LOGO.href)
  })

  it('a listing whose first products have no picture shows the first that has one', async () => {
    const p = await preview(
      '/',
      rewriting({ picture: (sku, image) => (sku.startsWith('ECPF') ? [] : image) }),
      ssr,
    )
    expect(p.image).toBe(`${STORE}/produtos/ecnpj-a1.webp`)
  })

  it('a product page shows its own picture, or the logo, never another product’s', async () => {
    const own = await preview('/produto/TOKEN-USB', rewriting({ logo: SIGNED_LOGO }), ssr)
    expect(own.image).toBe(`${STORE}/produtos/token-usb.webp`)
    expect(own.alt).toBe('Token USB criptográfico prateado')
    const noPicture = rewriting({
      logo: SIGNED_LOGO,
      picture: (sku, image) => (sku === 'TOKEN-USB' ? null : image),
    })
    expect((await preview('/produto/TOKEN-USB', noPicture, ssr)).image).toBe(SIGNED_LOGO.href)
  })

  it('with no picture anywhere: no og:image, and the small card', async () => {
    const p = await preview('/', rewriting({ logo: null, picture: () => [] }), ssr)
    expect(p.image).toBeUndefined()
    expect(p.card).toBe('summary')
  })
})
