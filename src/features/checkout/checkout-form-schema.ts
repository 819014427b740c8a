import {
  isValidCep,
  isValidLandlinePhone,
  isValidMobilePhone,
} from '@brazilian-utils/brazilian-utils'
import * as z from 'zod/mini'
import { UF_CODES } from '../../../common/contract/schemas/checkout'
import { documentKind, type HolderNeed } from '../../lib/certificate-holder'
import { documentRule, emailRule } from '../../lib/field-rules'
import { onlyDigits } from '../../../common/rules/masks'

/**
 * The checkout form as the buyer fills it: masked text, messages in pt-BR. An empty required
 * field says "obrigatório", a wrong one says "inválido" and how to fix it. The payload adapter
 * turns valid values into the service's creation payload.
 */

const required = (message: string, max = 120) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use no máximo ${max} caracteres.`))
const optional = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `Use no máximo ${max} caracteres.`))
/** Digits-only fields: empty is `requiredMessage` (when required), wrong is `invalid`. */
const digitsField = (
  requiredMessage: string | null,
  invalid: string,
  ok: (digits: string) => boolean,
) =>
  z.string().check(
    z.refine((v) => requiredMessage === null || v.trim() !== '', requiredMessage ?? ''),
    z.refine((v) => v.trim() === '' || ok(onlyDigits(v)), invalid),
  )

export const checkoutFormSchema = z.object({
  document: documentRule({
    required: 'O CPF ou CNPJ é obrigatório.',
    invalid: 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).',
  }),
  // A person's full name, or a company's razão social (cross-field rules below).
  name: required('O nome é obrigatório.'),
  stateRegistration: optional(20).check(
    z.regex(/^[0-9A-Za-z.\-/ ]*$/, 'Inscrição estadual inválida: use números, pontos e traços.'),
  ),
  stateRegistrationExempt: z.boolean(),
  email: emailRule({
    required: 'O e-mail é obrigatório.',
    invalid: 'E-mail inválido: use o formato nome@exemplo.com.br.',
  }),
  cellphone: digitsField(
    'O celular é obrigatório.',
    'Celular inválido: informe DDD + 9 dígitos, como (11) 98765-4321.',
    isValidMobilePhone,
  ),
  phone: digitsField(
    null,
    'Telefone inválido: informe DDD + número, como (11) 3322-4455.',
    (d) => isValidLandlinePhone(d) || isValidMobilePhone(d),
  ),
  zipCode: digitsField(
    'O CEP é obrigatório.',
    'CEP inválido: use 8 dígitos, como 01310-100.',
    (d) => d.length === 8 && isValidCep(d),
  ),
  state: z
    .string()
    .check(z.refine((v) => (UF_CODES as readonly string[]).includes(v), 'A UF é obrigatória.')),
  city: required('A cidade é obrigatória.', 80),
  address: required('O endereço é obrigatório.', 160),
  // Text, not a numeric keypad: "S/N" must be typable; "Sem número" is also a checkbox.
  number: z
    .string()
    .check(
      z.trim(),
      z.regex(/^(|\d{1,6}|s\/?n)$/i, 'Número inválido: use só algarismos, como 1578, ou S/N.'),
    ),
  noNumber: z.boolean(),
  addressDetail: optional(80),
  neighborhood: required('O bairro é obrigatório.', 80),
  // The option is the plan (its count is fixed): there is no installment count to choose.
  negotiationType: z.string().check(z.minLength(1, 'Escolha a forma de pagamento.')),
  acceptTerms: z.boolean().check(z.refine((v) => v, 'Aceite os termos de compra para continuar.')),
})

export type CheckoutFormValues = z.input<typeof checkoutFormSchema>
type FieldName = keyof CheckoutFormValues

/**
 * Rules that read more than one field, or the cart: run on every validation next to the
 * schema's (a zod object refinement would wait until every other field is valid, and the
 * error summary must list everything at once).
 */
export function crossFieldErrors(
  values: CheckoutFormValues,
  need: HolderNeed,
): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {}
  const kind = documentKind(values.document)
  if (kind === 'cnpj') {
    if (values.stateRegistration.trim() === '' && !values.stateRegistrationExempt)
      errors.stateRegistration =
        'A inscrição estadual é obrigatória: marque “Isento” se a empresa não tiver.'
  } else if (kind === 'cpf' && values.name.trim() !== '' && !values.name.trim().includes(' ')) {
    errors.name = 'Informe nome e sobrenome.'
  }
  if (values.number.trim() === '' && !values.noNumber)
    errors.number = 'O número é obrigatório: marque “Sem número” se o endereço não tiver.'
  if (kind && need.kind === 'mixed') {
    errors.document =
      'Este carrinho tem certificados para pessoa física e para empresa: faça um pedido para cada.'
  } else if (kind && (need.kind === 'cpf' || need.kind === 'cnpj') && kind !== need.kind) {
    errors.document =
      need.kind === 'cnpj'
        ? `${need.product} é emitido para uma empresa: informe o CNPJ dela.`
        : `${need.product} é emitido para uma pessoa: informe o CPF do titular.`
  }
  return errors
}

export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  document: '',
  name: '',
  stateRegistration: '',
  stateRegistrationExempt: false,
  email: '',
  cellphone: '',
  phone: '',
  zipCode: '',
  state: '',
  city: '',
  address: '',
  number: '',
  noNumber: false,
  addressDetail: '',
  neighborhood: '',
  negotiationType: '',
  acceptTerms: false,
}

/**
 * Field order on the page, for the error summary and for focusing the first invalid field:
 * who buys, where (the CEP first, as it fills the rest), how to reach them, how they pay.
 */
export const FIELD_ORDER: FieldName[] = [
  'document',
  'name',
  'stateRegistration',
  'zipCode',
  'address',
  'number',
  'addressDetail',
  'neighborhood',
  'city',
  'state',
  'email',
  'cellphone',
  'phone',
  'negotiationType',
  'acceptTerms',
]

/** DOM id of a field, shared by the inputs and the error summary's links. */
export const fieldId = (name: FieldName) => `checkout-${name}`
