import { describe, expect, it } from 'vitest'
import { maskCep, maskCpfCnpj, maskPhone } from './masks'

describe('input masks', () => {
  it('masks a CPF up to 11 digits, then a CNPJ up to 14', () => {
    expect(maskCpfCnpj('529')).toBe('529')
    expect(maskCpfCnpj('5299822')).toBe('529.982.2')
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25')
    expect(maskCpfCnpj('529.982.247-2599')).toBe('52.998.224/7259-9')
    expect(maskCpfCnpj('11222333000181')).toBe('11.222.333/0001-81')
    expect(maskCpfCnpj('11.222.333/0001-81999')).toBe('11.222.333/0001-81')
  })

  it('masks a CEP', () => {
    expect(maskCep('01310')).toBe('01310')
    expect(maskCep('01310200')).toBe('01310-200')
  })

  it('writes phones the Brazilian way, mobile and landline', () => {
    expect(maskPhone('1')).toBe('(1')
    expect(maskPhone('11987')).toBe('(11) 987')
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321')
    expect(maskPhone('1133224455')).toBe('(11) 3322-4455')
    expect(maskPhone('(11) 98765-43219')).toBe('(11) 98765-4321')
    expect(maskPhone('')).toBe('')
  })
})
