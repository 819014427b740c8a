import { describe, expect, it } from 'vitest'
import type { ProductPrice } from '../../common/contract/schemas/catalog'
import { summarizeCart } from './cart-math'
import type { CartItem } from './cart-store'

const item = (sku: string, unitPriceCents: number, quantity = 1): CartItem => ({
  sku,
  description: sku,
  unitPriceCents,
  quantity,
  imageHref: `/produtos/${sku}.svg`,
  imageAlt: '',
})
const product = (sku: string, price: number, status = 1): ProductPrice => ({
  id: sku.length,
  sku,
  description: sku,
  status,
  price,
  image: { name: `${sku}.svg`, description: sku, href: `/produtos/${sku}.svg` },
  groupDescription: 'Grupo',
})

const listing = [
  product('ECPF-A1-12', 15990),
  product('TOKEN-USB', 11900),
  product('LEITORA-CARTAO', 8999),
  product('NFE-A1-12', 21990, 0),
]

describe('summarizeCart', () => {
  it('an empty cart is not ready and totals zero', () => {
    expect(summarizeCart([], listing)).toEqual({
      lines: [],
      itemCount: 0,
      totalCents: 0,
      ready: false,
    })
    expect(summarizeCart([]).ready).toBe(false)
  })

  it('totals in integer cents with no float drift', () => {
    // 3 × R$ 89,99 + 1 × R$ 159,90 = R$ 429,87; in floats 0.1-style noise would creep in
    const summary = summarizeCart(
      [item('LEITORA-CARTAO', 8999, 3), item('ECPF-A1-12', 15990)],
      listing,
    )
    expect(summary.totalCents).toBe(42987)
    expect(Number.isInteger(summary.totalCents)).toBe(true)
    expect(summary.lines.map((l) => l.lineTotalCents)).toEqual([26997, 15990])
    expect(summary.itemCount).toBe(4)
    expect(summary.ready).toBe(true)
    expect(summary.lines.every((l) => l.status.kind === 'ok')).toBe(true)
  })

  it('sums many small amounts exactly', () => {
    const items = Array.from({ length: 10 }, (_, i) => item(`P${i}`, 10, 99))
    const list = items.map((i) => product(i.sku, 10))
    expect(summarizeCart(items, list).totalCents).toBe(9900)
  })

  it('before the listing arrives, uses the remembered prices and reports ready', () => {
    const summary = summarizeCart([item('ECPF-A1-12', 15000, 2)])
    expect(summary.totalCents).toBe(30000)
    expect(summary.lines[0]?.status).toEqual({ kind: 'ok' })
    expect(summary.ready).toBe(true)
  })

  it('flags a changed price, counts the current price, and is not ready', () => {
    const summary = summarizeCart([item('ECPF-A1-12', 14990, 2), item('TOKEN-USB', 11900)], listing)
    const [changed, same] = summary.lines
    expect(changed?.status).toEqual({ kind: 'price-changed', previousCents: 14990 })
    expect(changed?.unitPriceCents).toBe(15990)
    expect(changed?.lineTotalCents).toBe(31980)
    expect(same?.status).toEqual({ kind: 'ok' })
    expect(summary.totalCents).toBe(31980 + 11900)
    expect(summary.ready).toBe(false)
  })

  it('a price drop is flagged too', () => {
    const summary = summarizeCart([item('TOKEN-USB', 12900)], listing)
    expect(summary.lines[0]?.status).toEqual({ kind: 'price-changed', previousCents: 12900 })
    expect(summary.totalCents).toBe(11900)
  })

  it('a product not on sale (status ≠ 1) is unavailable and left out of the total and count', () => {
    const summary = summarizeCart([item('NFE-A1-12', 21990, 2), item('TOKEN-USB', 11900)], listing)
    expect(summary.lines[0]?.status).toEqual({ kind: 'unavailable' })
    expect(summary.lines[0]?.lineTotalCents).toBe(0)
    expect(summary.totalCents).toBe(11900)
    expect(summary.itemCount).toBe(1)
    expect(summary.ready).toBe(false)
  })

  it('a product withdrawn from the listing is unavailable', () => {
    const summary = summarizeCart([item('RETIRADO', 5000, 3)], listing)
    expect(summary.lines[0]?.status).toEqual({ kind: 'unavailable' })
    expect(summary.totalCents).toBe(0)
    expect(summary.itemCount).toBe(0)
    expect(summary.ready).toBe(false)
  })

  it('an empty listing makes every line unavailable', () => {
    const summary = summarizeCart([item('ECPF-A1-12', 15990)], [])
    expect(summary.lines[0]?.status.kind).toBe('unavailable')
    expect(summary.ready).toBe(false)
  })

  it('keeps the cart order', () => {
    const summary = summarizeCart([item('TOKEN-USB', 11900), item('ECPF-A1-12', 15990)], listing)
    expect(summary.lines.map((l) => l.item.sku)).toEqual(['TOKEN-USB', 'ECPF-A1-12'])
  })

  it("shows the listing's current picture, the remembered one only for a product it lacks", () => {
    // A remembered relay picture link dies when the relay's secret changes; the listing's lives.
    const stale = { ...item('ECPF-A1-12', 15990), imageHref: '/img/old.signature' }
    const gone = { ...item('SAIU-DE-LINHA', 500), imageHref: '/img/kept.signature' }
    const current = { ...product('ECPF-A1-12', 15990) }
    current.image = { name: 'a', description: 'a', href: '/img/new.signature' }
    const summary = summarizeCart([stale, gone], [current])
    expect(summary.lines.map((l) => l.imageHref)).toEqual([
      '/img/new.signature',
      '/img/kept.signature',
    ])
    expect(summarizeCart([stale]).lines[0]?.imageHref).toBe('/img/old.signature')
  })
})
