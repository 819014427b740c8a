import { describe, expect, it } from 'vitest'
import { productListingSchema, productPriceSchema } from './catalog'

const product = {
  id: 101,
  sku: 'ECPF-A1-12',
  description: 'Certificado Digital e-CPF A1 – 12 meses',
  status: 1,
  price: 159.9,
  image: { name: 'ecpf-a1.svg', description: null, href: '/produtos/ecpf-a1.svg' },
  groupDescription: 'Certificação Digital e-CPF',
}
const listing = {
  prices: [product],
  image: [],
  description: 'Certifica Brasil',
  origin: 'VENDA_ONLINE',
  id: null,
  _links: { self: { href: 'https://servico/order/info?q=options&p=&t=prices' } },
}

describe('productPriceSchema', () => {
  it('parses the price into cents', () => {
    const parsed = productPriceSchema.parse(product)
    expect(parsed.price).toBe(15990)
    expect(parsed.sku).toBe('ECPF-A1-12')
    expect(parsed.image.description).toBeNull()
  })

  it('keeps unknown fields', () => {
    expect(productPriceSchema.parse({ ...product, validityMonths: 12 })).toHaveProperty(
      'validityMonths',
      12,
    )
  })

  it.each([
    ['a missing price', { ...product, price: undefined }],
    ['a text price "abc"', { ...product, price: 'abc' }],
    ['a text price "159.90"', { ...product, price: '159.90' }],
    ['a null price', { ...product, price: null }],
    ['a sub-cent price', { ...product, price: 159.905 }],
    ['a missing image', { ...product, image: undefined }],
  ])('rejects %s', (_label, value) => {
    expect(productPriceSchema.safeParse(value).success).toBe(false)
  })
})

describe('productListingSchema', () => {
  it('parses the company listing (id null, empty image array)', () => {
    const parsed = productListingSchema.parse(listing)
    expect(parsed.description).toBe('Certifica Brasil')
    expect(parsed.id).toBeNull()
    expect(parsed.prices[0]?.price).toBe(15990)
  })

  it('rejects the whole listing when one product has no valid price', () => {
    const bad = { ...product, id: 102, price: 'abc' }
    const result = productListingSchema.safeParse({ ...listing, prices: [product, bad] })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['prices', 1, 'price'])
  })

  it('rejects a listing without prices', () => {
    const { prices: _prices, ...withoutPrices } = listing
    expect(productListingSchema.safeParse(withoutPrices).success).toBe(false)
  })
})
