import { describe, expect, it } from 'vitest'
import { readQuantity } from './quantity'

describe('readQuantity', () => {
  it.each(['1', '7', '99', ' 12 ', '05', '2.0'])('%j is a quantity', (raw) => {
    expect(readQuantity(raw)).toEqual({ kind: 'valid', quantity: Number(raw) })
  })

  it.each(['0', '00', '-0', '0.0'])('%j asks for removal', (raw) => {
    expect(readQuantity(raw)).toEqual({ kind: 'zero' })
  })

  it('an emptied field is undecided; text the browser cannot read is invalid', () => {
    expect(readQuantity('')).toEqual({ kind: 'empty' })
    expect(readQuantity('   ')).toEqual({ kind: 'empty' })
    expect(readQuantity('', true)).toEqual({ kind: 'invalid' })
  })

  it.each(['100', '150', ' 1000 '])('%j is more than there can be: the maximum', (raw) => {
    expect(readQuantity(raw)).toEqual({ kind: 'over' })
  })

  it.each(['-1', '2.5', '150.5', 'abc', '1,5'])('%j is invalid', (raw) => {
    expect(readQuantity(raw)).toEqual({ kind: 'invalid' })
  })
})
