import { describe, expect, it } from 'vitest'
import { withVisitedParams } from './visited-params'

const BASE = 'https://loja.test/'
const address = (rendered: string, visited: string) => {
  const url = withVisitedParams(rendered, visited, BASE)
  return url.pathname + url.search
}

describe('the address once the app takes over a page rendered without the visitor’s own fields', () => {
  it('is the visitor’s own when the page was rendered for it: order and campaign fields kept', () => {
    expect(
      address(
        '/?p=i34_k9x&aviso=produto-indisponivel',
        '?p=i34_k9x&utm_source=qrcode&utm_medium=impresso&aviso=produto-indisponivel',
      ),
    ).toBe('/?p=i34_k9x&utm_source=qrcode&utm_medium=impresso&aviso=produto-indisponivel')
  })

  it('a landing becomes the store, its campaign fields kept', () => {
    expect(address('/', '?utm_source=zap&fbclid=abc')).toBe('/?utm_source=zap&fbclid=abc')
  })

  it('the link in its canonical form, as the page was rendered for', () => {
    expect(address('/?p=i34_k9x', '?utm_campaign=natal&p=I34_k9x')).toBe(
      '/?utm_campaign=natal&p=i34_k9x',
    )
  })
})
