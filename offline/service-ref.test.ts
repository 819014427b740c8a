import { describe, expect, it } from 'vitest'
import { P_SEPARATORS, parseServiceRef } from './service-ref'

describe('parseServiceRef (the service’s p parameter)', () => {
  it('spec dialect: ":" and "_", a key may hold "-"', () => {
    expect(parseServiceRef('u12:ab3f', P_SEPARATORS.spec)).toEqual({
      kind: 'unit',
      number: 12,
      key: 'ab3f',
      separator: ':',
    })
    expect(parseServiceRef('i7_contabilidade-indicador', P_SEPARATORS.spec)).toMatchObject({
      kind: 'referrer',
      number: 7,
      key: 'contabilidade-indicador',
    })
  })

  it('docs dialect: "_" only (u4_goiere)', () => {
    expect(parseServiceRef('u4_goiere', P_SEPARATORS.docs)?.key).toBe('goiere')
    expect(parseServiceRef('u4:goiere', P_SEPARATORS.docs)).toBeNull()
  })

  it.each(['u12-ab3f', 'i7-contabilidade-indicador', 'x1_a', 'u_a', 'u1_', 'u1_a!b', ''])(
    'refuses %j in both dialects (a link’s "-" is the relay’s to rewrite)',
    (text) => {
      expect(parseServiceRef(text, P_SEPARATORS.spec)).toBeNull()
      expect(parseServiceRef(text, P_SEPARATORS.docs)).toBeNull()
    },
  )
})
