import { isValidCpf, isValidCnpj } from '@brazilian-utils/brazilian-utils'
import { z } from 'zod'
import { envelopeSchema } from './common'

/**
 * Order creation payload (operation 4), with the inner fields fixed by DESIGN.md where the spec
 * leaves them open. Shared by the relay (validates what the browser posts) and the offline
 * service (validates what the relay sends), so both speak the same rules and messages.
 */

const digits = (value: string) => value.replace(/\D/g, '')

export const UF_CODES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const

const required = (message: string) => z.string({ error: message }).trim().min(1, message)

export const creationUserSchema = z.object({
  document: z
    .string({ error: 'Informe o CPF ou CNPJ.' })
    .transform(digits)
    .refine((v) => isValidCpf(v) || isValidCnpj(v), 'CPF ou CNPJ inválido.'),
  name: required('Informe o nome.').max(120, 'Nome longo demais (máximo 120 caracteres).'),
  nameLaw: z.string().trim().max(160).optional(),
  stateRegistration: z.string().trim().max(20).nullable().optional(),
  email: z.email({ error: 'E-mail inválido.' }).max(160),
  phone: z
    .string()
    .transform(digits)
    .refine((v) => v === '' || /^\d{10,11}$/.test(v), 'Telefone inválido.')
    .nullable()
    .optional(),
  cellphone: z
    .string({ error: 'Informe o celular.' })
    .transform(digits)
    .refine((v) => /^\d{2}9\d{8}$/.test(v), 'Celular inválido: use DDD + 9 dígitos.'),
  state: z.enum(UF_CODES, { error: 'UF inválida.' }),
  city: required('Informe a cidade.').max(80),
  address: required('Informe o endereço.').max(160),
  neighborhood: required('Informe o bairro.').max(80),
  number: z
    .number({ error: 'Informe o número.' })
    .int('Número inválido.')
    .nonnegative('Número inválido.'),
  addressDetail: z.string().trim().max(80),
  zipCode: z
    .string({ error: 'Informe o CEP.' })
    .transform(digits)
    .refine((v) => /^\d{8}$/.test(v), 'CEP inválido.'),
})
export type CreationUser = z.output<typeof creationUserSchema>

export const creationItemSchema = z.object({
  /** The product's sku. */
  product: required('Produto não informado.'),
  quantity: z.number().int().min(1, 'Quantidade mínima é 1.').max(999, 'Quantidade máxima é 999.'),
  /** Reais, as a number. */
  price: z.number().nonnegative(),
  discount: z.number().nonnegative(),
})

export const creationPayloadSchema = z.object({
  code: z.string().max(40).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Data no formato AAAA-MM-DD HH:MM:SS.')
    .optional(),
  utmCampaign: z.string().max(200).optional(),
  utmId: z.string().max(200).optional(),
  utmMedium: z.string().max(200).optional(),
  utmSource: z.string().max(200).optional(),
  user: creationUserSchema,
  orderItems: z.array(creationItemSchema).min(1, 'O pedido precisa de ao menos um item.').max(100),
  note: z.string().max(500).optional(),
  /** The chosen negotiation type's id. */
  negotiationType: z.number().int(),
  /** Chosen installment count; 0 for boleto. */
  installments: z.number().int().min(0).max(24),
  /** The unit/referrer reference as written in the link, e.g. `i34_k9x`. */
  uri: z.string().max(64).optional(),
})
export type CreationPayload = z.input<typeof creationPayloadSchema>
export type ValidCreationPayload = z.output<typeof creationPayloadSchema>

/** Operation 4, 201. */
export const creationResultSchema = envelopeSchema.extend({
  code: z.string(),
  data: z.looseObject({
    publicToken: z.string().min(1),
    orderCode: z.string(),
    orderId: z.union([z.string(), z.number()]).transform(String),
  }),
})
export type CreationResult = z.output<typeof creationResultSchema>
