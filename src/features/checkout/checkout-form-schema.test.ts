import { describe, expect, it } from 'vitest'
import {
  checkoutFormSchema,
  crossFieldErrors,
  EMPTY_CHECKOUT_FORM,
  type CheckoutFormValues,
} from './checkout-form-schema'

const valid: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  document: '529.982.247-25',
  name: 'Maria Aparecida Santos',
  email: 'maria@exemplo.com.br',
  cellphone: '(11) 98765-4321',
  zipCode: '01310-200',
  state: 'SP',
  city: 'São Paulo',
  address: 'Avenida Paulista',
  number: '1578',
  neighborhood: 'Bela Vista',
  negotiationType: '1',
  acceptTerms: true,
}

function messagesFor(values: Partial<CheckoutFormValues>) {
  const result = checkoutFormSchema.safeParse({ ...valid, ...values })
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]))
}

describe('checkout form schema', () => {
  it('accepts a complete, valid form (masked as typed)', () => {
    expect(checkoutFormSchema.safeParse(valid).success).toBe(true)
  })

  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '11.222.333/0001-81',
    '11222333000181',
  ])('accepts the valid CPF or CNPJ %s', (document) => {
    expect(messagesFor({ document })).toEqual({})
  })

  it.each([
    ['123.456.789-00', 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).'],
    ['111.111.111-11', 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).'],
    ['529.982.247', 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).'],
    ['11.222.333/0001-82', 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).'],
    ['', 'O CPF ou CNPJ é obrigatório.'],
  ])('refuses the document %j with a pt-BR message', (document, message) => {
    expect(messagesFor({ document })).toEqual({ document: message })
  })

  it.each(['01310-200', '20011000'])('accepts the CEP %s', (zipCode) => {
    expect(messagesFor({ zipCode })).toEqual({})
  })

  it.each(['0131', '01310-20', 'abcde-fgh'])('refuses the CEP %j as invalid', (zipCode) => {
    expect(messagesFor({ zipCode })).toEqual({
      zipCode: 'CEP inválido: use 8 dígitos, como 01310-100.',
    })
  })

  it('says "obrigatório" for an empty required field, never "inválido"', () => {
    expect(
      messagesFor({
        zipCode: '',
        cellphone: ' ',
        email: '',
        city: '',
        address: '',
        neighborhood: '',
        name: '',
        state: '',
      }),
    ).toEqual({
      zipCode: 'O CEP é obrigatório.',
      cellphone: 'O celular é obrigatório.',
      email: 'O e-mail é obrigatório.',
      city: 'A cidade é obrigatória.',
      address: 'O endereço é obrigatório.',
      neighborhood: 'O bairro é obrigatório.',
      name: 'O nome é obrigatório.',
      state: 'A UF é obrigatória.',
    })
  })

  it('needs a mobile number with area code for the cellphone', () => {
    expect(messagesFor({ cellphone: '(11) 3322-4455' })).toHaveProperty('cellphone')
    expect(messagesFor({ cellphone: '98765-4321' })).toHaveProperty('cellphone')
    expect(messagesFor({ cellphone: '(21) 99876-1234' })).toEqual({})
  })

  it('takes an optional landline or mobile phone, and refuses a malformed one', () => {
    expect(messagesFor({ phone: '' })).toEqual({})
    expect(messagesFor({ phone: '(11) 3322-4455' })).toEqual({})
    expect(messagesFor({ phone: '(11) 332' })).toHaveProperty('phone')
  })

  it.each(['maria@exemplo.com.br', 'a.b+c@d.io'])('accepts the e-mail %s', (email) => {
    expect(messagesFor({ email })).toEqual({})
  })

  it.each(['maria', 'maria@', 'maria@exemplo', 'maria @exemplo.com'])(
    'refuses the e-mail %j',
    (email) => {
      expect(messagesFor({ email })).toHaveProperty('email')
    },
  )

  it('asks for a UF, a number or S/N, a payment option and the terms', () => {
    expect(messagesFor({ state: 'XX' })).toEqual({ state: 'A UF é obrigatória.' })
    expect(messagesFor({ number: 'S/N' })).toEqual({})
    expect(messagesFor({ number: 's/n' })).toEqual({})
    expect(messagesFor({ number: '12A' })).toEqual({
      number: 'Número inválido: use só algarismos, como 1578, ou S/N.',
    })
    expect(messagesFor({ negotiationType: '' })).toEqual({
      negotiationType: 'Escolha a forma de pagamento.',
    })
    expect(messagesFor({ acceptTerms: false })).toEqual({
      acceptTerms: 'Aceite os termos de compra para continuar.',
    })
  })
})

describe('cross-field rules', () => {
  const any = { kind: 'any' } as const
  const company = { ...valid, document: '11.222.333/0001-81', name: 'Horizonte Azul Ltda' }

  it('asks a person for name and surname, a company for its razão social only', () => {
    expect(crossFieldErrors({ ...valid, name: 'Maria' }, any)).toEqual({
      name: 'Informe nome e sobrenome.',
    })
    expect(
      crossFieldErrors({ ...company, name: 'Horizonte', stateRegistrationExempt: true }, any),
    ).toEqual({})
  })

  it('asks a company for its state registration or "Isento"', () => {
    expect(crossFieldErrors(company, any)).toEqual({
      stateRegistration:
        'A inscrição estadual é obrigatória: marque “Isento” se a empresa não tiver.',
    })
    expect(crossFieldErrors({ ...company, stateRegistration: '110.042.490.114' }, any)).toEqual({})
    expect(crossFieldErrors({ ...company, stateRegistrationExempt: true }, any)).toEqual({})
  })

  it('takes "Sem número" instead of a number', () => {
    expect(crossFieldErrors({ ...valid, number: '' }, any)).toEqual({
      number: 'O número é obrigatório: marque “Sem número” se o endereço não tiver.',
    })
    expect(crossFieldErrors({ ...valid, number: '', noNumber: true }, any)).toEqual({})
  })

  it('asks for the document the products are issued to, naming the product', () => {
    const ecnpj = { kind: 'cnpj', product: 'Certificado Digital e-CNPJ A1' } as const
    expect(crossFieldErrors(valid, ecnpj)).toEqual({
      document: 'Certificado Digital e-CNPJ A1 é emitido para uma empresa: informe o CNPJ dela.',
    })
    const ecpf = { kind: 'cpf', product: 'Certificado Digital e-CPF A1' } as const
    expect(crossFieldErrors({ ...company, stateRegistrationExempt: true }, ecpf)).toEqual({
      document: 'Certificado Digital e-CPF A1 é emitido para uma pessoa: informe o CPF do titular.',
    })
    expect(crossFieldErrors(valid, { kind: 'mixed' }).document).toMatch(/faça um pedido para cada/)
  })
})
