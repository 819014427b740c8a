import {
  isValidCep,
  isValidLandlinePhone,
  isValidMobilePhone,
} from '@brazilian-utils/brazilian-utils'
import * as z from 'zod/mini'
import { UF_CODES } from '../../api/schemas/checkout'
import { documentRule, emailRule } from '../../lib/field-rules'
import { onlyDigits } from '../../lib/masks'

/**
 * The checkout form as the buyer fills it: masked text, messages in pt-BR. The payload
 * adapter turns valid values into the service's creation payload.
 */

const required = (message: string, max = 120) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use no máximo ${max} caracteres.`))
const optional = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `Use no máximo ${max} caracteres.`))
const digitsCheck = (message: string, ok: (digits: string) => boolean) =>
  z.string().check(z.refine((v) => ok(onlyDigits(v)), message))

export const checkoutFormSchema = z.object({
  document: documentRule({
    required: 'Informe o CPF ou CNPJ.',
    invalid: 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).',
  }),
  name: required('Informe o nome completo.').check(
    z.refine((v) => v.trim().includes(' '), 'Informe nome e sobrenome.'),
  ),
  email: emailRule({
    required: 'Informe o e-mail.',
    invalid: 'E-mail inválido: use o formato nome@exemplo.com.br.',
  }),
  cellphone: digitsCheck(
    'Celular inválido: informe DDD + 9 dígitos, como (11) 98765-4321.',
    isValidMobilePhone,
  ),
  phone: digitsCheck(
    'Telefone inválido: informe DDD + número, como (11) 3322-4455.',
    (d) => d === '' || isValidLandlinePhone(d) || isValidMobilePhone(d),
  ),
  zipCode: digitsCheck(
    'CEP inválido: use 8 dígitos, como 01310-100.',
    (d) => d.length === 8 && isValidCep(d),
  ),
  state: z
    .string()
    .check(z.refine((v) => (UF_CODES as readonly string[]).includes(v), 'Selecione a UF.')),
  city: required('Informe a cidade.', 80),
  address: required('Informe o endereço.', 160),
  number: z
    .string()
    .check(z.trim(), z.regex(/^(\d{1,6}|s\/?n)$/i, 'Informe o número (somente dígitos) ou S/N.')),
  addressDetail: optional(80),
  neighborhood: required('Informe o bairro.', 80),
  stateRegistration: optional(20),
  negotiationType: z.string().check(z.minLength(1, 'Escolha a forma de pagamento.')),
  installments: z.string().check(z.regex(/^\d{1,2}$/, 'Escolha o número de parcelas.')),
  acceptTerms: z.boolean().check(z.refine((v) => v, 'Aceite os termos de compra para continuar.')),
})

export type CheckoutFormValues = z.input<typeof checkoutFormSchema>

export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  document: '',
  name: '',
  email: '',
  cellphone: '',
  phone: '',
  zipCode: '',
  state: '',
  city: '',
  address: '',
  number: '',
  addressDetail: '',
  neighborhood: '',
  stateRegistration: '',
  negotiationType: '',
  installments: '1',
  acceptTerms: false,
}

/** Field order for the error summary and for focusing the first invalid field. */
export const FIELD_ORDER: (keyof CheckoutFormValues)[] = [
  'document',
  'name',
  'email',
  'cellphone',
  'phone',
  'zipCode',
  'state',
  'city',
  'address',
  'number',
  'addressDetail',
  'neighborhood',
  'stateRegistration',
  'negotiationType',
  'installments',
  'acceptTerms',
]

/** DOM id of a field, shared by the inputs and the error summary's links. */
export const fieldId = (name: keyof CheckoutFormValues) => `checkout-${name}`
