// @vitest-environment jsdom
import type { RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchOnIntent } from './intent-prefetch'

function routes() {
  const product = vi.fn(async () => ({}))
  const checkout = vi.fn(async () => ({}))
  const tree: RouteObject[] = [
    {
      children: [
        { index: true },
        { path: 'produto/:sku', lazy: product },
        { path: 'checkout', lazy: checkout },
      ],
    },
  ]
  prefetchOnIntent(tree)
  return { product, checkout }
}

function element(html: string) {
  document.body.innerHTML = html
  return document.body.firstElementChild!
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('prefetchOnIntent', () => {
  it("loads a link's lazy page when the pointer comes over it, once", () => {
    const { product, checkout } = routes()
    const card = element('<a href="/produto/ECPF-A1-12"><span>e-CPF</span></a>')
    card.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }))
    card.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(product).toHaveBeenCalledTimes(1)
    expect(checkout).not.toHaveBeenCalled()
  })

  it('loads the page a button names in data-prefetch when it takes focus', () => {
    const { checkout } = routes()
    element('<button data-prefetch="/checkout">Finalizar compra</button>').dispatchEvent(
      new FocusEvent('focusin', { bubbles: true }),
    )
    expect(checkout).toHaveBeenCalledTimes(1)
  })

  it('leaves links to other sites and pages without a lazy route alone', () => {
    const { product, checkout } = routes()
    for (const href of ['https://wa.me/5511?text=produto/x', '/', '/produto'])
      element(`<a href="${href}">x</a>`).dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(product).not.toHaveBeenCalled()
    expect(checkout).not.toHaveBeenCalled()
  })
})
