import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  cpfField,
  emailField,
  loginFormSchema,
  maskCpf,
  recoveryFormSchema,
} from './account-fields'

const firstMessage = (schema: z.ZodMiniType, value: unknown) =>
  z.safeParse(schema, value).error?.issues[0]?.message

describe('maskCpf', () => {
  it.each([
    ['', ''],
    ['529', '529'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529982247251234', '529.982.247-25'],
    ['abc529x982', '529.982'],
  ])('%j → %j', (input, masked) => {
    expect(maskCpf(input)).toBe(masked)
  })
})

describe('cpfField', () => {
  it('accepts a valid CPF masked or as digits', () => {
    expect(z.safeParse(cpfField, '529.982.247-25').success).toBe(true)
    expect(z.safeParse(cpfField, '11144477735').success).toBe(true)
  })

  it('asks for the CPF when empty, once', () => {
    const result = z.safeParse(cpfField, '')
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Informe o CPF.'])
  })

  it.each(['123.456.789-00', '111.111.111-11', '529.982.247-2'])(
    'refuses %j by its check digits',
    (cpf) => {
      expect(firstMessage(cpfField, cpf)).toBe('CPF inválido: confira os 11 dígitos.')
    },
  )
})

describe('emailField', () => {
  it('accepts an address and trims it', () => {
    expect(z.parse(emailField, '  maria.santos@exemplo.com.br ')).toBe(
      'maria.santos@exemplo.com.br',
    )
  })

  it('asks for the e-mail when empty', () => {
    expect(firstMessage(emailField, '')).toBe('Informe o e-mail.')
  })

  it.each(['maria', 'maria@', '@exemplo.com', 'maria@exemplo', 'ma ria@exemplo.com'])(
    'refuses %j',
    (email) => {
      expect(firstMessage(emailField, email)).toBe(
        'E-mail inválido: use o formato nome@exemplo.com.br.',
      )
    },
  )
})

describe('form schemas', () => {
  it('login needs a valid CPF and a password', () => {
    const result = z.safeParse(loginFormSchema, { document: '', password: '' })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['document', 'Informe o CPF.'],
      ['password', 'Informe a senha.'],
    ])
  })

  it('recovery needs a valid CPF and e-mail', () => {
    expect(
      z.safeParse(recoveryFormSchema, {
        document: '529.982.247-25',
        email: 'maria.santos@exemplo.com.br',
      }).success,
    ).toBe(true)
    expect(
      z.safeParse(recoveryFormSchema, { document: '529.982.247-25', email: 'x' }).success,
    ).toBe(false)
  })
})
