import { describe, expect, it } from 'vitest'
import { DEFAULT_AFTER_LOGIN, safeReturnPath } from './return-path'

describe('safeReturnPath', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/minha-conta/pedidos/1001', '/minha-conta/pedidos/1001'],
    [
      '/minha-conta/pedidos?situacao=PENDENTE&pagina=2',
      '/minha-conta/pedidos?situacao=PENDENTE&pagina=2',
    ],
    ['/pedido/abc#boletos', '/pedido/abc#boletos'],
  ])('keeps the site path %j', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path)
  })

  it.each([
    null,
    undefined,
    '',
    'checkout',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /checkout',
    '/entrar',
    '/entrar?voltar=/x',
    // Dot segments that resolve to a protocol-relative path.
    '/.//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
  ])('falls back to the order history for %j', (raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_AFTER_LOGIN)
  })
})
