import { describe, expect, it } from 'vitest'
import * as paths from './paths'
import { routes } from './paths'

describe('paths', () => {
  it('writes each address as its route pattern says', () => {
    expect(paths.cart).toBe(`/${routes.cart}`)
    expect(paths.terms).toBe(`/${routes.terms}`)
    expect(paths.checkout).toBe(`/${routes.checkout}`)
    expect(paths.login).toBe(`/${routes.login}`)
    expect(paths.forgotPassword).toBe(`/${routes.forgotPassword}`)
    expect(paths.resetPassword).toBe(`/${routes.resetPassword}`)
    expect(paths.accountOrders).toBe(`/${routes.accountOrders}`)
    expect(paths.referrerKit).toBe(`/${routes.referrerKit}`)
    expect(paths.product('X')).toBe(`/${routes.product.replace(':sku', 'X')}`)
    expect(paths.order('abc')).toBe(`/${routes.order.replace(':publicToken', 'abc')}`)
    expect(paths.accountOrder(1001)).toBe(`/${routes.accountOrder.replace(':id', '1001')}`)
  })

  it('writes a parameter as one path segment', () => {
    expect(paths.product('e-CPF A1/12')).toBe('/produto/e-CPF%20A1%2F12')
    expect(paths.order('a/b')).toBe('/pedido/a%2Fb')
  })

  it('writes the catalog with its search or group, and the login with where to go back', () => {
    expect(paths.home).toBe('/')
    expect(paths.catalog({ categoria: 'e-CPF & A1' })).toBe('/?categoria=e-CPF+%26+A1')
    expect(paths.catalog({ busca: 'a1' })).toBe('/?busca=a1')
    expect(paths.loginReturningTo(paths.checkout)).toBe('/entrar?voltar=%2Fcheckout')
  })
})
