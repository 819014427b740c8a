// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import {
  cart,
  cartCount,
  CART_STORAGE_KEY,
  MAX_QUANTITY,
  useCart,
  type CartItem,
} from './cart-store'

const ecpf = {
  sku: 'ECPF-A1-12',
  description: 'Certificado Digital e-CPF A1 – 12 meses',
  priceCents: 15990,
  imageHref: '/produtos/ecpf-a1.webp',
  imageAlt: 'Cartão ilustrado do e-CPF A1',
}
const token = {
  sku: 'TOKEN-USB',
  description: 'Token USB criptográfico',
  priceCents: 11900,
  imageHref: '/produtos/token-usb.webp',
  imageAlt: 'Token USB criptográfico prateado',
}

const stored = () => {
  const raw = localStorage.getItem(CART_STORAGE_KEY)
  return raw === null ? null : (JSON.parse(raw) as { version: number; data: { items: CartItem[] } })
}
const quantities = () => cart.get().items.map((i) => [i.sku, i.quantity])

beforeEach(() => {
  localStorage.clear()
  cart.reload()
})

describe('cart store', () => {
  it('starts empty', () => {
    expect(cart.get().items).toEqual([])
    expect(cartCount(cart.get())).toBe(0)
  })

  it('adds a product with the price it had, in cents', () => {
    cart.add(ecpf)
    expect(cart.get().items).toEqual([
      {
        sku: 'ECPF-A1-12',
        description: ecpf.description,
        unitPriceCents: 15990,
        quantity: 1,
        imageHref: ecpf.imageHref,
        imageAlt: ecpf.imageAlt,
      },
    ])
  })

  it('adding the same product again merges into one line', () => {
    cart.add(ecpf)
    cart.add(token, 2)
    cart.add(ecpf)
    expect(quantities()).toEqual([
      ['ECPF-A1-12', 2],
      ['TOKEN-USB', 2],
    ])
    expect(cartCount(cart.get())).toBe(4)
  })

  it('clamps quantities to 1..99 on add and on change', () => {
    cart.add(ecpf, 150)
    expect(quantities()).toEqual([['ECPF-A1-12', MAX_QUANTITY]])
    cart.add(ecpf, 5)
    expect(quantities()).toEqual([['ECPF-A1-12', 99]])
    cart.setQuantity('ECPF-A1-12', 0)
    expect(quantities()).toEqual([['ECPF-A1-12', 1]])
    cart.setQuantity('ECPF-A1-12', -7)
    expect(quantities()).toEqual([['ECPF-A1-12', 1]])
    cart.setQuantity('ECPF-A1-12', 3.7)
    expect(quantities()).toEqual([['ECPF-A1-12', 3]])
    cart.setQuantity('ECPF-A1-12', 1000)
    expect(quantities()).toEqual([['ECPF-A1-12', 99]])
    cart.add(token, 0)
    expect(quantities()).toContainEqual(['TOKEN-USB', 1])
  })

  it('ignores a quantity that is not a number', () => {
    cart.add(ecpf, 2)
    cart.setQuantity('ECPF-A1-12', Number.NaN)
    cart.setQuantity('ECPF-A1-12', Number.POSITIVE_INFINITY)
    expect(quantities()).toEqual([['ECPF-A1-12', 2]])
  })

  it('changing the quantity of a product not in the cart changes nothing', () => {
    cart.add(ecpf)
    cart.setQuantity('NAO-EXISTE', 5)
    expect(quantities()).toEqual([['ECPF-A1-12', 1]])
  })

  it('removes a line and clears the record when the cart empties', () => {
    cart.add(ecpf)
    cart.add(token)
    cart.remove('ECPF-A1-12')
    expect(quantities()).toEqual([['TOKEN-USB', 1]])
    cart.remove('TOKEN-USB')
    expect(cart.get().items).toEqual([])
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull()
  })

  it('acceptPrice takes the new price for that line only', () => {
    cart.add(ecpf)
    cart.add(token)
    cart.acceptPrice('ECPF-A1-12', 16990)
    expect(cart.get().items.map((i) => i.unitPriceCents)).toEqual([16990, 11900])
    expect(stored()?.data.items[0]?.unitPriceCents).toBe(16990)
  })

  it('clear() empties the cart and its record', () => {
    cart.add(ecpf)
    cart.clear()
    expect(cart.get().items).toEqual([])
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull()
  })

  it('useCart re-renders on each change', () => {
    const { result } = renderHook(() => useCart())
    expect(cartCount(result.current)).toBe(0)
    act(() => cart.add(ecpf, 2))
    expect(cartCount(result.current)).toBe(2)
    act(() => cart.remove('ECPF-A1-12'))
    expect(result.current.items).toEqual([])
  })
})

describe('cart persistence', () => {
  it('keeps the cart in localStorage as a versioned record', () => {
    cart.add(ecpf, 2)
    expect(stored()).toEqual({
      version: 1,
      data: {
        items: [
          {
            sku: 'ECPF-A1-12',
            description: ecpf.description,
            unitPriceCents: 15990,
            quantity: 2,
            imageHref: ecpf.imageHref,
            imageAlt: ecpf.imageAlt,
          },
        ],
      },
    })
  })

  it('reload() reads a saved record back (a page reload keeps the cart)', () => {
    cart.add(ecpf, 2)
    cart.add(token)
    const snapshot = cart.get().items
    cart.reload()
    expect(cart.get().items).toEqual(snapshot)
  })

  it('a fresh module (new page) starts from the saved record', async () => {
    cart.add(token, 3)
    vi.resetModules()
    const fresh = await import('./cart-store')
    expect(fresh.cart.get().items.map((i) => [i.sku, i.quantity])).toEqual([['TOKEN-USB', 3]])
  })

  const goodItem = {
    sku: 'ECPF-A1-12',
    description: 'e-CPF',
    unitPriceCents: 15990,
    quantity: 1,
    imageHref: '/x.svg',
    imageAlt: '',
  }
  it.each([
    ['corrupt JSON', '{oops'],
    ['an older version', JSON.stringify({ version: 0, data: { items: [goodItem] } })],
    ['a newer version', JSON.stringify({ version: 2, data: { items: [goodItem] } })],
    ['no envelope', JSON.stringify({ items: [goodItem] })],
    ['items not an array', JSON.stringify({ version: 1, data: { items: 'muitos' } })],
    [
      'a price in reais (float)',
      JSON.stringify({ version: 1, data: { items: [{ ...goodItem, unitPriceCents: 159.9 }] } }),
    ],
    [
      'a negative price',
      JSON.stringify({ version: 1, data: { items: [{ ...goodItem, unitPriceCents: -1 }] } }),
    ],
    ['quantity 0', JSON.stringify({ version: 1, data: { items: [{ ...goodItem, quantity: 0 }] } })],
    [
      'quantity above 99',
      JSON.stringify({ version: 1, data: { items: [{ ...goodItem, quantity: 100 }] } }),
    ],
    ['an empty sku', JSON.stringify({ version: 1, data: { items: [{ ...goodItem, sku: '' }] } })],
    [
      'a missing field',
      JSON.stringify({ version: 1, data: { items: [{ sku: 'X', quantity: 1 }] } }),
    ],
  ])('drops %s on reload() without throwing, and the cart still works', async (_, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw)
    expect(() => cart.reload()).not.toThrow()
    expect(cart.get().items).toEqual([])
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull()
    cart.add(ecpf)
    expect(stored()?.data.items).toHaveLength(1)
    // and a fresh page load with a bad record does not crash either
    localStorage.setItem(CART_STORAGE_KEY, raw)
    vi.resetModules()
    const fresh = await import('./cart-store')
    expect(fresh.cart.get().items).toEqual([])
  })

  it('follows a change made in another tab (storage event)', () => {
    cart.add(ecpf)
    const other = JSON.stringify({
      version: 1,
      data: { items: [{ ...stored()!.data.items[0]!, quantity: 5 }] },
    })
    localStorage.setItem(CART_STORAGE_KEY, other)
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }))
    expect(quantities()).toEqual([['ECPF-A1-12', 5]])
  })
})
