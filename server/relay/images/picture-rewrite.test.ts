import { describe, expect, it } from 'vitest'
import { PICTURE_PATH } from '../../../common/rules/picture-widths'
import {
  buildRelay,
  json,
  MARIA_PAID_ORDER,
  SEEDED_PUBLIC_TOKEN,
  SESSION_SECRET,
} from '../testing/test-helpers'
import { pictureLinkKey, verifyPicture } from './picture-links'
import { ACCEPT, photo, pictureRelay, serviceUrl } from '../testing/picture-test-kit'

/** Every `image.href` of a body, wherever it is. */
function pictureHrefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => pictureHrefs(item, found))
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const href = (child as { href?: unknown } | null)?.href
      if ((key === 'image' || key === 'logo') && typeof href === 'string') found.push(href)
      else pictureHrefs(child, found)
    }
  }
  return found
}

async function originals(hrefs: string[]) {
  const key = await pictureLinkKey(SESSION_SECRET)
  return Promise.all(hrefs.map((href) => verifyPicture(key, href.slice(PICTURE_PATH.length))))
}

const read = async (res: Response) => {
  expect(res.status).toBe(200)
  return json(res)
}

describe("the relay's answers name pictures by their signed /img/ address", () => {
  it("products, payment options and company details: the service's relative hrefs, on its host", async () => {
    const relay = pictureRelay()
    for (const path of ['/api/products', '/api/payment-options', '/api/company']) {
      const hrefs = pictureHrefs(await read(await relay.send('GET', path)))
      expect(hrefs.length, path).toBeGreaterThan(0)
      for (const href of hrefs) expect(href, path).toMatch(/^\/img\/[\w-]+\.[\w-]{22}$/)
      for (const url of await originals(hrefs)) {
        expect(url, path).toMatch(/^http:\/\/servico\.offline\/(produtos|parceiros)\/[\w.-]+$/)
      }
    }
    // The original address is nowhere in what the browser gets.
    const body = await (await relay.send('GET', '/api/products')).text()
    expect(body).not.toContain('/produtos/')
  })

  it("an order by its token, and the account's own order", async () => {
    const relay = pictureRelay()
    const order = await read(await relay.send('GET', `/api/orders/${SEEDED_PUBLIC_TOKEN}`))
    const cookie = await relay.login()
    const mine = await read(
      await relay.send('GET', `/api/my-orders/${MARIA_PAID_ORDER}`, undefined, { Cookie: cookie }),
    )
    for (const body of [order, mine]) {
      const hrefs = pictureHrefs(body)
      expect(hrefs.length).toBeGreaterThan(0)
      for (const url of await originals(hrefs)) expect(url).toMatch(/^http:\/\/servico\.offline\//)
    }
  })

  it('an address in a listing serves that picture', async () => {
    const relay = pictureRelay()
    const listing = await read(await relay.send('GET', '/api/products'))
    const [href] = pictureHrefs(listing)
    const [url] = await originals([href!])
    relay.host.set(url!, async () => new Response((await photo(300, 225)).slice()))
    const res = await relay.request(`${href}?w=320`, { headers: { Accept: ACCEPT.webp } })
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(relay.fetched.get(serviceUrl(new URL(url!).pathname))).toBe(1)
  })

  it('without the pipeline, every href is the one the service wrote', async () => {
    const relay = buildRelay()
    const hrefs = pictureHrefs(await read(await relay.send('GET', '/api/products')))
    expect(hrefs.length).toBeGreaterThan(0)
    for (const href of hrefs) expect(href).toMatch(/^\/produtos\//)
  })
})

describe('the scheduling’s help picture, a parameter whose value is its address', () => {
  const HELP = 'public.parameters.ajudaAgendamento'
  const helpOf = async (relay: { send: ReturnType<typeof buildRelay>['send'] }) => {
    const body = (await read(await relay.send('GET', '/api/parameters'))) as {
      _embedded: { parameter: { dataKey: string; dataValue: string }[] }
    }
    return body._embedded.parameter.find((p) => p.dataKey === HELP)?.dataValue
  }

  it('is the signed /img/ address of the service’s picture, relative or written http:', async () => {
    const relay = pictureRelay()
    const relative = await helpOf(relay)
    expect(relative).toMatch(/^\/img\/[\w-]+\.[\w-]{22}$/)
    expect(await originals([relative!])).toEqual([
      'http://servico.offline/ajuda/agendamento-certifica.webp',
    ])

    const absolute = pictureRelay()
    absolute.tenantState.seed.parameters[HELP] = 'http://servico.offline/ajuda/ajuda.webp'
    const href = await helpOf(absolute)
    expect(href).toMatch(/^\/img\//)
    expect(await originals([href!])).toEqual(['http://servico.offline/ajuda/ajuda.webp'])
  })

  it('one the relay does not fetch, written http:, is asked for over https:', async () => {
    const elsewhere = pictureRelay()
    elsewhere.tenantState.seed.parameters[HELP] = 'http://outro.exemplo.test/ajuda.png'
    expect(await helpOf(elsewhere)).toBe('https://outro.exemplo.test/ajuda.png')

    const withoutPipeline = buildRelay()
    withoutPipeline.tenantState.seed.parameters[HELP] = 'http://servico.offline/ajuda/ajuda.webp'
    expect(await helpOf(withoutPipeline)).toBe('https://servico.offline/ajuda/ajuda.webp')
    // Without the pipeline a relative address stays this site's own file.
    expect(await helpOf(buildRelay())).toBe('/ajuda/agendamento-certifica.webp')
  })
})
