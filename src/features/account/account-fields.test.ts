import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  documentField,
  emailField,
  loginFormSchema,
  maskCpfCnpj,
  recoveryFormSchema,
} from './account-fields'

const firstMessage = (schema: z.ZodMiniType, value: unknown) =>
  z.safeParse(schema, value).error?.issues[0]?.message

describe('maskCpfCnpj', () => {
  it.each([
    ['', ''],
    ['529', '529'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529982247251234', '52.998.224/7251-23'],
    ['11222333000181', '11.222.333/0001-81'],
    ['112223330001', '11.222.333/0001'],
    ['abc529x982', '529.982'],
  ])('%j → %j', (input, masked) => {
    expect(maskCpfCnpj(input)).toBe(masked)
  })
})

describe('documentField', () => {
  it('accepts a valid CPF masked or as digits', () => {
    expect(z.safeParse(documentField, '529.982.247-25').success).toBe(true)
    expect(z.safeParse(documentField, '11144477735').success).toBe(true)
  })

  it('accepts a valid CNPJ masked or as digits, for a company account', () => {
    expect(z.safeParse(documentField, '11.222.333/0001-81').success).toBe(true)
    expect(z.safeParse(documentField, '11222333000181').success).toBe(true)
  })

  it('asks for the CPF when empty, once', () => {
    const result = z.safeParse(documentField, '')
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Informe o CPF ou CNPJ.'])
  })

  it.each([
    '123.456.789-00',
    '111.111.111-11',
    '529.982.247-2',
    '11.222.333/0001-82',
    '1122233300018',
  ])('refuses %j by its check digits', (cpf) => {
    expect(firstMessage(documentField, cpf)).toBe(
      'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).',
    )
  })
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
      ['document', 'Informe o CPF ou CNPJ.'],
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
