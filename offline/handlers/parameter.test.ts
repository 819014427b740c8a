import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { PARAMETER_KEYS, parameterListSchema } from '../../common/contract/schemas/parameter'
import { setupOfflineServer } from '../node'
import { createOfflineService } from '../offline-service'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

async function parameters(origin: string) {
  const res = await fetch(`${model.baseUrl}/parameter`, { headers: { Origin: origin } })
  expect(res.status).toBe(200)
  const list = parameterListSchema.parse(await res.json())
  return { list, byKey: new Map(list._embedded.parameter.map((p) => [p.dataKey, p.dataValue])) }
}

describe('GET /parameter', () => {
  it.each([CERTIFICA, DIGITAL_SUL])('lists all 8 spec keys for %s', async (origin) => {
    const { list, byKey } = await parameters(origin)
    for (const key of Object.values(PARAMETER_KEYS)) expect(byKey.has(key)).toBe(true)
    expect(list.total_items).toBe(list._embedded.parameter.length)
    expect(list._links).toMatchObject({ self: { href: `${model.baseUrl}/parameter` } })
  })

  it.each([
    [CERTIFICA, PARAMETER_KEYS.terms],
    [CERTIFICA, PARAMETER_KEYS.schedulingLegend],
    [DIGITAL_SUL, PARAMETER_KEYS.schedulingLegend],
  ])('%s: %s carries the hostile payload', async (origin, key) => {
    const markup = (await parameters(origin)).byKey.get(key) ?? ''
    expect(markup).toMatch(/<script>/)
    expect(markup).toMatch(/onerror=/)
    expect(markup).toMatch(/href="javascript:/)
  })

  it('Digital Sul writes its terms as plain text, in paragraphs and lines, as the docs’ termos is', async () => {
    const terms = (await parameters(DIGITAL_SUL)).byKey.get(PARAMETER_KEYS.terms) ?? ''
    expect(terms).not.toMatch(/</)
    expect(terms).toMatch(/\n\n/)
    expect(terms).toMatch(/[^\n]\n[^\n]/)
  })

  it('is scoped by Origin: the two tenants answer different parameters', async () => {
    const a = (await parameters(CERTIFICA)).byKey
    const b = (await parameters(DIGITAL_SUL)).byKey
    expect(a.get(PARAMETER_KEYS.allowGuest)).toBe('1')
    expect(b.get(PARAMETER_KEYS.allowGuest)).toBe('0')
    expect(a.get(PARAMETER_KEYS.scheduling)).toBe('presencial videoconferencia')
    expect(b.get(PARAMETER_KEYS.scheduling)).toBe('videoconferencia')
    expect(a.get(PARAMETER_KEYS.terms)).not.toBe(b.get(PARAMETER_KEYS.terms))
  })

  it('403 Forbidden envelope without an Origin or with an unknown one', async () => {
    for (const headers of [{}, { Origin: 'https://desconhecida.com.br' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${model.baseUrl}/parameter`, { headers })
      expect(res.status).toBe(403)
      expect(envelopeSchema.parse(await res.json())).toMatchObject({
        status: 403,
        title: 'Forbidden',
      })
    }
  })
})

describe('GET /parameter, docs dialect: an Apigility collection in pages', () => {
  const docs = createOfflineService({ dialect: 'docs' })
  const page = async (origin: string, query = '') => {
    const res = await docs.fetch(
      new Request(`${docs.model.baseUrl}/parameter${query}`, { headers: { Origin: origin } }),
    )
    return { res, body: res.ok ? ((await res.json()) as HalParameters) : undefined }
  }
  type HalParameters = {
    _links: Record<string, { href: string }>
    _embedded: { parameter: { dataKey: string; dataValue: string }[] }
    page: number
    page_count: number
    page_size: number
    total_items: number
  }

  it('Certifica Brasil answers twelve in two pages: allowGuest and the terms are on page 2', async () => {
    const first = (await page(CERTIFICA)).body!
    expect(first).toMatchObject({ page: 1, page_count: 2, page_size: 10, total_items: 12 })
    expect(first._embedded.parameter).toHaveLength(10)
    expect(first._links.next?.href).toBe(`${docs.model.baseUrl}/parameter?page=2`)
    const keys1 = first._embedded.parameter.map((p) => p.dataKey)
    expect(keys1).not.toContain(PARAMETER_KEYS.allowGuest)
    expect(keys1).not.toContain(PARAMETER_KEYS.terms)

    const second = (await page(CERTIFICA, '?page=2')).body!
    expect(second).toMatchObject({ page: 2, page_count: 2, total_items: 12 })
    expect(second._links).not.toHaveProperty('next')
    expect(second._embedded.parameter.map((p) => p.dataKey)).toEqual([
      PARAMETER_KEYS.allowGuest,
      PARAMETER_KEYS.terms,
    ])
    // Still the contract's list shape, page by page.
    expect(parameterListSchema.safeParse(second).success).toBe(true)
  })

  it('Digital Sul fits in one page', async () => {
    const only = (await page(DIGITAL_SUL)).body!
    expect(only).toMatchObject({ page: 1, page_count: 1, total_items: 8 })
    expect(only._links).not.toHaveProperty('next')
  })

  it('a page beyond the last is 409 "Invalid page provided", as Apigility answers', async () => {
    const { res } = await page(CERTIFICA, '?page=3')
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ detail: 'Invalid page provided' })
  })
})
