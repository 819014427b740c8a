import { describe, expect, it } from 'vitest'
import { isLinkRef, parsePlaceRef } from './place-ref'

describe('parsePlaceRef', () => {
  it.each([
    ['u12:ab3f', { kind: 'unit', number: 12, key: 'ab3f', ref: 'u12_ab3f' }],
    ['u12_ab3f', { kind: 'unit', number: 12, key: 'ab3f', ref: 'u12_ab3f' }],
    ['i34:k9x', { kind: 'referrer', number: 34, key: 'k9x', ref: 'i34_k9x' }],
    ['i34_k9x', { kind: 'referrer', number: 34, key: 'k9x', ref: 'i34_k9x' }],
    // The hosted shop links of the service's docs: `-` after the number, keys may hold `-`.
    [
      'i1-contabilidade-indicador',
      {
        kind: 'referrer',
        number: 1,
        key: 'contabilidade-indicador',
        ref: 'i1_contabilidade-indicador',
      },
    ],
    [
      'u4_contador-indicador',
      { kind: 'unit', number: 4, key: 'contador-indicador', ref: 'u4_contador-indicador' },
    ],
  ])('%s → %o', (ref, expected) => {
    expect(parsePlaceRef(ref)).toEqual(expected)
  })

  it.each([
    '',
    'u12',
    'u12_',
    'x12_ab',
    'U12_ab',
    'u_ab',
    'u12_ab_cd',
    'u-12_ab',
    'u12 ab',
    'u12_a b',
    'i34_k9x;drop',
    `u1_${'a'.repeat(65)}`,
  ])('rejects %j', (ref) => {
    expect(parsePlaceRef(ref)).toBeNull()
  })
})

describe('isLinkRef', () => {
  it('takes only the form a page URL writes', () => {
    expect(isLinkRef('u12_ab3f')).toBe(true)
    expect(isLinkRef('i34_k9x')).toBe(true)
    expect(isLinkRef('i34:k9x')).toBe(false)
    expect(isLinkRef('x12_ab')).toBe(false)
    expect(isLinkRef('')).toBe(false)
  })
})
