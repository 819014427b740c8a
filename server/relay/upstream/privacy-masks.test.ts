import { describe, expect, it } from 'vitest'
import { HIDDEN, maskPrivate, scrubPrivate, type PrivateField } from './privacy-masks'

describe('maskPrivate: a lead as the partner sees them', () => {
  it.each([
    ['52998224725', '***.982.247-**'],
    ['529.982.247-25', '***.982.247-**'],
    [' 529 982 247 25 ', '***.982.247-**'],
    [52998224725, '***.982.247-**'],
  ])('a CPF (%j) keeps its middle six digits only', (value, masked) => {
    expect(maskPrivate('document', value)).toBe(masked)
  })

  it.each([
    ['11222333000181', '**.222.333/0001-**'],
    ['11.222.333/0001-81', '**.222.333/0001-**'],
  ])('a CNPJ (%j) keeps its middle digits only', (value, masked) => {
    expect(maskPrivate('document', value)).toBe(masked)
  })

  it.each([
    ['maria.santos@exemplo.com.br', 'm***@exemplo.com.br'],
    ['  Joao@Exemplo.COM.BR ', 'J***@exemplo.com.br'],
    ['a@b.co', 'a***@b.co'],
    // Only the last @ separates the domain.
    ['"x@y"@exemplo.com', '"***@exemplo.com'],
  ])('an e-mail (%j) keeps its first letter and its domain', (value, masked) => {
    expect(maskPrivate('email', value)).toBe(masked)
  })

  it.each([
    ['11987654321', '(**) *****-4321'],
    ['(11) 98765-4321', '(**) *****-4321'],
    ['1133224455', '(**) ****-4455'],
    ['(81) 13123123123', '****-3123'],
    ['+55 11 98765-4321', '****-4321'],
    ['33224455', '****-4455'],
  ])('a phone (%j) keeps its last four digits only', (value, masked) => {
    expect(maskPrivate('phone', value)).toBe(masked)
  })

  const fields: PrivateField[] = ['document', 'email', 'phone']

  it.each(fields)('%s: null, undefined, blank or not text is null', (field) => {
    for (const value of [null, undefined, '', '   ', {}, [], true]) {
      expect(maskPrivate(field, value), JSON.stringify(value)).toBeNull()
    }
  })

  it.each([
    // Short, long, or not a document at all: nothing of it is shown.
    ['document', '123'],
    ['document', '1231231231'],
    ['document', '123123123123'],
    ['document', '123456789012345'],
    ['document', 'CPF 52998224725'],
    ['document', 'maria@exemplo.com.br'],
    ['email', 'maria'],
    ['email', '@exemplo.com.br'],
    ['email', 'maria@localhost'],
    ['email', 'maria santos@exemplo.com.br'],
    ['phone', '4321'],
    ['phone', '9876-432'],
    ['phone', 'ramal 4321 do 1133224455'],
  ] as [PrivateField, string][])('%s %j odd: nothing of it shown', (field, value) => {
    expect(maskPrivate(field, value)).toBe(HIDDEN)
  })

  it.each([
    ['document', '***.982.247-**'],
    ['document', '**.222.333/0001-**'],
    ['email', 'm***@exemplo.com.br'],
    ['phone', '(**) *****-4321'],
    ['phone', '(**) ****-4455'],
    ['phone', '****-3123'],
  ] as [PrivateField, string][])('%s already masked (%j) comes back unchanged', (field, value) => {
    expect(maskPrivate(field, value)).toBe(value)
  })

  it('a mask another system wrote is never undone into more digits', () => {
    // The service's own masking (another pattern) shows at most what ours would: nothing.
    expect(maskPrivate('document', '529.***.***-25')).toBe(HIDDEN)
    expect(maskPrivate('email', '***@exemplo.com.br')).toBe('***@exemplo.com.br')
    expect(maskPrivate('phone', '(11) *****-4321')).toBe(HIDDEN)
  })

  it('masking twice is masking once', () => {
    const samples: [PrivateField, string][] = [
      ['document', '52998224725'],
      ['document', '11222333000181'],
      ['document', '12'],
      ['email', 'maria.santos@exemplo.com.br'],
      ['email', 'x'],
      ['phone', '11987654321'],
      ['phone', '1133224455'],
      ['phone', '5511987654321'],
    ]
    for (const [field, value] of samples) {
      const once = maskPrivate(field, value)
      expect(maskPrivate(field, once), `${field} ${value}`).toBe(once)
    }
  })

  it('no masked value carries the hidden digits of its CPF', () => {
    const masked = maskPrivate('document', '52998224725')!
    expect(masked).not.toMatch(/529|25$/)
  })
})

describe('scrubPrivate: a service’s text about an earning, with anyone in it masked', () => {
  it.each([
    [
      'Pedido de 529.982.247-25 (joao.silva@exemplo.com)',
      'Pedido de ***.982.247-** (j***@exemplo.com)',
    ],
    ['Pedido de 52998224725', 'Pedido de ***.982.247-**'],
    ['Empresa 11.222.333/0001-81', 'Empresa **.222.333/0001-**'],
    ['CNPJ 11222333000181 pago', 'CNPJ **.222.333/0001-** pago'],
    ['Ligar (11) 98765-4321', 'Ligar (**) *****-4321'],
    ['fone 1133224455', 'fone (**) ****-4455'],
    ['WhatsApp +55 11 98765-4321', 'WhatsApp ****-4321'],
    ['ramal 33224455', 'ramal ****-4455'],
  ])('%j → %j', (text, scrubbed) => {
    expect(scrubPrivate(text)).toBe(scrubbed)
  })

  it.each([
    'Certificado Digital e-CPF A1 – 12 meses',
    'Token USB 2026, 3 unidades',
    'Pago em 14/08/2026 10:20',
    'PAGO',
    'R$ 1.234,56',
    '#4101',
  ])('%j: nobody in it, unchanged', (text) => {
    expect(scrubPrivate(text)).toBe(text)
  })

  it.each([
    ['529 . 982 . 247 - 25', '***.982.247-**'],
    ['529,982,247,25', '***.982.247-**'],
    ['529_982_247_25', '***.982.247-**'],
    ['CPF ５２９９８２２４７２５', 'CPF ***.982.247-**'],
    ['CPF 529\u200B982\u200B247\u200B25', 'CPF ***.982.247-**'],
    ['CNPJ 11 . 222 . 333 / 0001 - 81', 'CNPJ **.222.333/0001-**'],
    ['"maria;x"@exemplo.com.br pagou', '"***@exemplo.com.br pagou'],
  ])('a spelling that hid a person from the mask (attack): %j', (text, scrubbed) => {
    const out = scrubPrivate(text)
    expect(out).toBe(scrubbed)
    expect(out).not.toMatch(/529|25\b|maria/)
  })

  it('scrubbing twice is scrubbing once', () => {
    const once = scrubPrivate('529.982.247-25, 11.222.333/0001-81, (11) 98765-4321, a@b.co')
    expect(scrubPrivate(once)).toBe(once)
    expect(once).not.toMatch(/529|81,|98765|a@/)
  })
})
