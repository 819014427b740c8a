import { describe, expect, it } from 'vitest'
import { productListingSchema, productPriceSchema } from './catalog'

const product = {
  id: 101,
  sku: 'ECPF-A1-12',
  description: 'Certificado Digital e-CPF A1 – 12 meses',
  status: 1,
  price: 159.9,
  image: { name: 'ecpf-a1.webp', description: null, href: '/produtos/ecpf-a1.webp' },
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
    expect(parsed.image?.description).toBeNull()
  })

  it.each([
    ['a number', 1234.5, 123450],
    ['plain text (docs)', '1234.50', 123450],
    ['PHP number_format text', '1,234.50', 123450],
  ])('reads a price sent as %s', (_label, price, cents) => {
    expect(productPriceSchema.parse({ ...product, price }).price).toBe(cents)
  })

  it('keeps unknown fields', () => {
    expect(productPriceSchema.parse({ ...product, validityMonths: 12 })).toHaveProperty(
      'validityMonths',
      12,
    )
  })

  // Lenient reading, strict meaning: the product is kept, its price is unknown (null), and the
  // store never sells it at a guess (tested in the catalog and the relay's checkout rules).
  it.each([
    ['a missing price', { ...product, price: undefined }],
    ['a text price "abc"', { ...product, price: 'abc' }],
    ['a PHP null price', { ...product, price: null }],
    ['a sub-cent price', { ...product, price: 159.905 }],
    ['an ambiguous "1.234,50"', { ...product, price: '1.234,50' }],
  ])('keeps a product with %s, its price unknown (null), never zero', (_label, value) => {
    expect(productPriceSchema.parse(value).price).toBeNull()
  })

  it.each([
    ['missing', undefined],
    ['PHP [] for "none"', []],
    ['null', null],
  ])('reads a %s picture as no picture', (_label, image) => {
    expect(productPriceSchema.parse({ ...product, image }).image).toBeNull()
  })

  it('still rejects a product without an sku (it could not be ordered)', () => {
    expect(productPriceSchema.safeParse({ ...product, sku: undefined }).success).toBe(false)
  })
})

describe('productListingSchema', () => {
  it('parses the company listing (id null, empty image array)', () => {
    const parsed = productListingSchema.parse(listing)
    expect(parsed.description).toBe('Certifica Brasil')
    expect(parsed.id).toBeNull()
    expect(parsed.prices[0]?.price).toBe(15990)
  })

  it('keeps the whole listing when one product has no readable price: only that one is unpriced', () => {
    const bad = { ...product, id: 102, price: 'abc' }
    const parsed = productListingSchema.parse({ ...listing, prices: [product, bad] })
    expect(parsed.prices.map((p) => p.price)).toEqual([15990, null])
  })

  it('reads a listing without _links (the relay drops them)', () => {
    const { _links: _dropped, ...withoutLinks } = listing
    expect(productListingSchema.safeParse(withoutLinks).success).toBe(true)
  })

  it('rejects a listing without prices', () => {
    const { prices: _prices, ...withoutPrices } = listing
    expect(productListingSchema.safeParse(withoutPrices).success).toBe(false)
  })
})
