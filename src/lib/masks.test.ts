import { describe, expect, it } from 'vitest'
import { maskCep, maskCpf, maskPhone } from './masks'

describe('input masks', () => {
  it('masks a CPF progressively and caps it at 11 digits', () => {
    expect(maskCpf('529')).toBe('529')
    expect(maskCpf('5299822')).toBe('529.982.2')
    expect(maskCpf('52998224725')).toBe('529.982.247-25')
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25')
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
