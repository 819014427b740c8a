import { describe, expect, it } from 'vitest'
import {
  digitableLineOf,
  formatLine,
  lineFromBarcode,
  mod10,
  mod11,
  normalizeLine,
} from './boleto-line'

/** A published Banco do Brasil example: its barcode and the line printed above it. */
const BARCODE = '00193373700000001000500940144816060680935031'
const LINE = '00190500954014481606906809350314337370000000100'

describe('check digits', () => {
  it('computes the fields’ mod 10 and the barcode’s mod 11 as printed', () => {
    expect(mod10('001905009')).toBe(5)
    expect(mod10('4014481606')).toBe(9)
    expect(mod10('0680935031')).toBe(4)
    expect(mod11(BARCODE.slice(0, 4) + BARCODE.slice(5))).toBe(3)
  })

  it('turns 0, 10 and 11 into 1 in mod 11', () => {
    // Every 43-digit body whose sum leaves rest 0 or 1 gets 1.
    expect(mod11('0'.repeat(43))).toBe(1)
  })
})

describe('lineFromBarcode', () => {
  it('makes the 47-digit line of a bank barcode', () => {
    expect(lineFromBarcode(BARCODE)).toBe(LINE)
  })

  it.each(['', '123', `${BARCODE}0`, '8'.repeat(44), 'x'.repeat(44)])('refuses %j', (barcode) => {
    expect(lineFromBarcode(barcode)).toBeNull()
  })
})

describe('normalizeLine', () => {
  it('keeps the digits of a line however it is punctuated', () => {
    expect(normalizeLine('00190.50095 40144.816069 06809.350314 3 37370000000100')).toBe(LINE)
    expect(normalizeLine(LINE)).toBe(LINE)
    const arrecadacao = '8'.padEnd(48, '1')
    expect(normalizeLine(arrecadacao.replace(/(\d{11})(\d)/g, '$1-$2 '))).toBe(arrecadacao)
  })

  it.each([
    null,
    42,
    '',
    'não há',
    LINE.slice(1),
    `${LINE}1`,
    `8${LINE.slice(1)}`,
    `1${'2'.repeat(47)}`,
  ])('refuses %j', (value) => {
    expect(normalizeLine(value)).toBeNull()
  })
})

describe('digitableLineOf', () => {
  it.each(['linhaDigitavel', 'linha_digitavel', 'digitableLine', 'typeableLine'])(
    'reads a line named %s',
    (key) => {
      expect(digitableLineOf({ id: 1, [key]: LINE })).toBe(LINE)
    },
  )

  it.each(['codigoBarras', 'codigo_barras', 'codigoDeBarras', 'barcode'])(
    'makes the line of a bank barcode named %s',
    (key) => {
      expect(digitableLineOf({ [key]: BARCODE })).toBe(LINE)
    },
  )

  it('looks into the item’s payment records, whose shape the spec leaves open', () => {
    expect(digitableLineOf({ payment: [{ id: 3 }, { linhaDigitavel: LINE }] })).toBe(LINE)
    expect(digitableLineOf({ payment: 'none' })).toBeNull()
  })

  it('finds nothing in an item as the docs show it', () => {
    expect(digitableLineOf({ id: 488, code: 'GOPAGHOM_708', payment: [] })).toBeNull()
    expect(digitableLineOf({ linhaDigitavel: 'não informado' })).toBeNull()
  })
})

describe('formatLine', () => {
  it('prints a bank line in its five fields', () => {
    expect(formatLine(LINE)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100')
  })

  it('prints an arrecadação line in four blocks with their check digits', () => {
    expect(formatLine('836200000005667800481000180975657313001589636081')).toBe(
      '83620000000-5 66780048100-0 18097565731-3 00158963608-1',
    )
  })
})
