import { describe, expect, it } from 'vitest'
import { documentKind, holderNeedOf, holderOf } from './certificate-holder'

describe('holderOf', () => {
  it.each([
    ['Certificado Digital e-CNPJ A1 – 12 meses', 'cnpj'],
    ['CERTIFICADO PJ A1', 'cnpj'],
    ['Certificado Digital e-CPF A3 – 36 meses + token', 'cpf'],
    ['Certificado eCPF A1', 'cpf'],
    ['CERTIFICADO PF A3', 'cpf'],
    ['Token USB criptográfico', null],
    ['Validação por videoconferência', null],
    // A word that merely contains the letters is no signal.
    ['Kit PJota de leitura', null],
  ])('%s → %s', (name, holder) => {
    expect(holderOf(name)).toBe(holder)
  })
})

describe('holderNeedOf', () => {
  const ecpf = { description: 'Certificado Digital e-CPF A1 – 12 meses' }
  const ecnpj = { description: 'Certificado Digital e-CNPJ A1 – 12 meses' }
  const token = { description: 'Token USB criptográfico' }

  it('needs nothing of a cart without certificates', () => {
    expect(holderNeedOf([token])).toEqual({ kind: 'any' })
  })
  it('needs a CNPJ for an e-CNPJ, naming the product', () => {
    expect(holderNeedOf([token, ecnpj])).toEqual({ kind: 'cnpj', product: ecnpj.description })
  })
  it('needs a CPF for an e-CPF', () => {
    expect(holderNeedOf([ecpf, token]).kind).toBe('cpf')
  })
  it('calls a cart with both a conflict', () => {
    expect(holderNeedOf([ecpf, ecnpj])).toEqual({ kind: 'mixed' })
  })
})

describe('documentKind', () => {
  it('reads the kind once the document is complete', () => {
    expect(documentKind('529.982.247-25')).toBe('cpf')
    expect(documentKind('11.222.333/0001-81')).toBe('cnpj')
    expect(documentKind('529.982')).toBeNull()
  })
})
