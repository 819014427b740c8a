import { describe, expect, it } from 'vitest'
import { orderDetailResponseSchema } from '../../common/contract/schemas/order'
import { createOfflineService } from '../offline-service'
import { CERTIFICA, COMPANY, MARIA, bearerFor, expectProblem } from '../testing/test-kit'

/** GET /order (HAL pages, number_format money) and GET /order/:id in the docs dialect. */

const docs = createOfflineService({ dialect: 'docs' })
const send = (url: string, init?: RequestInit) => docs.fetch(new Request(url, init))
const BASE = docs.model.baseUrl

interface Page {
  _links: Record<string, { href: string }>
  _embedded: { order: { id: number; orderTotal: string | null; orderDiscount: string | null }[] }
  page_count: number
  page_size: number
  total_items: number
  page: number
}

async function page(token: string, query = ''): Promise<Page> {
  const res = await send(`${BASE}/order${query}`, {
    headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Page
}

const ids = (p: Page) => p._embedded.order.map((o) => o.id)
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('GET /order, docs dialect: Apigility HAL pages of 10', () => {
  it('splits the company’s 23 orders into pages 1, 2 and 3, oldest id first', async () => {
    const token = await bearerFor(send, BASE, 'docs', COMPANY)
    const [first, second, third] = await Promise.all([
      page(token),
      page(token, '?page=2'),
      page(token, '?page=3'),
    ])
    expect(ids(first)).toEqual(range(601, 610))
    expect(ids(second)).toEqual(range(611, 620))
    expect(ids(third)).toEqual(range(621, 623))
    for (const [p, n] of [
      [first, 1],
      [second, 2],
      [third, 3],
    ] as const) {
      expect(p).toMatchObject({ page_count: 3, page_size: 10, total_items: 23, page: n })
    }
    expect(await page(token, '?page=1')).toEqual(first)
  })

  it('links self, first, last, and prev/next only where they exist, as absolute hrefs', async () => {
    const token = await bearerFor(send, BASE, 'docs', COMPANY)
    expect((await page(token))._links).toEqual({
      self: { href: `${BASE}/order?page=1` },
      first: { href: `${BASE}/order` },
      last: { href: `${BASE}/order?page=3` },
      next: { href: `${BASE}/order?page=2` },
    })
    expect((await page(token, '?page=2'))._links).toEqual({
      self: { href: `${BASE}/order?page=2` },
      first: { href: `${BASE}/order` },
      last: { href: `${BASE}/order?page=3` },
      prev: { href: `${BASE}/order?page=1` },
      next: { href: `${BASE}/order?page=3` },
    })
    const last = await page(token, '?page=3')
    expect(last._links.next).toBeUndefined()
    expect(last._links.prev).toEqual({ href: `${BASE}/order?page=2` })
  })

  it('a history shorter than a page is one page, without prev/next', async () => {
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    const only = await page(token)
    expect(ids(only)).toEqual([1001, 1002, 1003, 1004])
    expect(only).toMatchObject({ page_count: 1, page_size: 10, total_items: 4, page: 1 })
    expect(Object.keys(only._links).sort()).toEqual(['first', 'last', 'self'])
  })

  it.each(['?page=4', '?page=0', '?page=abc'])(
    '%s is Apigility’s 409 "Invalid page provided"',
    async (query) => {
      const token = await bearerFor(send, BASE, 'docs', COMPANY)
      const res = await send(`${BASE}/order${query}`, {
        headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
      })
      await expectProblem(res, 409, 'Conflict', 'Invalid page provided')
    },
  )

  it('prints money with number_format: "1,394.50" from a thousand, null for the ERP’s orders', async () => {
    const token = await bearerFor(send, BASE, 'docs', COMPANY)
    const all = [
      ...(await page(token))._embedded.order,
      ...(await page(token, '?page=2'))._embedded.order,
      ...(await page(token, '?page=3'))._embedded.order,
    ]
    const total = (id: number) => all.find((o) => o.id === id)?.orderTotal
    expect(total(601)).toBe('239.90')
    expect(total(602)).toBe('1,394.50')
    expect(total(604)).toBe('1,098.00')
    expect(total(606)).toBe('1,559.60')
    expect(total(609)).toBe('2,299.00')
    expect(total(612)).toBe('10,980.00')
    expect(total(621)).toBe('1,279.20')
    expect(all.find((o) => o.id === 603)).toMatchObject({
      orderTotal: '0.00',
      orderDiscount: '49.90',
    })
    expect(all.find((o) => o.id === 609)?.orderDiscount).toBe('100.00')
    for (const id of [607, 616]) {
      expect(all.find((o) => o.id === id)).toMatchObject({ orderTotal: null, orderDiscount: null })
    }
    expect(all.filter((o) => /^\d{1,3}(,\d{3})+\.\d{2}$/.test(o.orderTotal ?? '')).length).toBe(6)
  })

  it('401 without a bearer, with the docs’ words', async () => {
    const res = await send(`${BASE}/order`, { headers: { Origin: CERTIFICA } })
    await expectProblem(res, 401, 'Unauthorized', 'Unauthorized')
  })
})

describe('GET /order/:id with the bearer (docs only)', () => {
  const read = (id: string | number, token?: string, origin = CERTIFICA) =>
    send(`${BASE}/order/${id}`, {
      headers: { Origin: origin, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    })

  it('answers the user’s own order with data and the "ok" envelope', async () => {
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    const res = await read(1001, token)
    expect(res.status).toBe(200)
    const body = orderDetailResponseSchema.parse(await res.json())
    expect(body).toMatchObject({ title: 'Unknown', status: 200, detail: 'ok' })
    expect(body.data).toMatchObject({ id: 1001, orderTotal: 38990 })
  })

  it('answers an ERP-made order of the company as PHP prints it', async () => {
    const token = await bearerFor(send, BASE, 'docs', COMPANY)
    const res = await read(616, token)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: Record<string, unknown> }
    expect(body.data).toMatchObject({ id: 616, orderTotal: null, orderDiscount: null })
  })

  it('403 Forbidden for another user’s order and for an id that does not exist', async () => {
    const token = await bearerFor(send, BASE, 'docs', COMPANY)
    await expectProblem(await read(1001, token), 403, 'Forbidden', 'Forbidden')
    await expectProblem(await read(99999, token), 403, 'Forbidden', 'Forbidden')
  })

  it('401 with a missing or unknown bearer; 403 without a known Origin', async () => {
    await expectProblem(await read(1001), 401, 'Unauthorized')
    await expectProblem(await read(1001, 'nao-e-um-token'), 401, 'Unauthorized')
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    await expectProblem(await read(1001, token, 'https://outra.loja'), 403, 'Forbidden')
  })

  it('leaves /order/info to its own handler', async () => {
    const res = await send(`${BASE}/order/info?t=9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30`, {
      headers: { Origin: CERTIFICA },
    })
    expect(res.status).toBe(200)
    expect(orderDetailResponseSchema.parse(await res.json()).data.id).toBe(1001)
  })

  it('does not exist in the spec dialect: 404 like any unknown path', async () => {
    const spec = createOfflineService()
    const specSend = (url: string, init?: RequestInit) => spec.fetch(new Request(url, init))
    const token = await bearerFor(specSend, spec.model.baseUrl, 'spec', MARIA)
    const res = await specSend(`${spec.model.baseUrl}/order/1001`, {
      headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
    })
    await expectProblem(res, 404, 'Not Found')
  })
})
