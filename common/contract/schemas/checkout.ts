import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import * as z from 'zod/mini'
import { envelopeSchema } from './common'

/**
 * Order creation payload (operation 4), with the inner fields fixed by docs/design.md where the spec
 * leaves them open. Shared by the relay (validates what the browser posts) and the offline
 * service (validates what the relay sends), so both speak the same rules and messages.
 */

const digits = z.transform((value: string) => value.replace(/\D/g, ''))
/** A string reduced to its digits, then checked. */
const digitString = (message: string, ok: (digits: string) => boolean) =>
  z.pipe(z.pipe(z.string({ error: message }), digits), z.string().check(z.refine(ok, message)))

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

const text = (message: string, max: number, maxMessage = `Máximo de ${max} caracteres.`) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, maxMessage))
const optionalText = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `Máximo de ${max} caracteres.`))

const creationUserSchema = z.object({
  document: digitString('CPF ou CNPJ inválido.', (v) => isValidCpf(v) || isValidCnpj(v)),
  name: text('Informe o nome.', 120, 'Nome longo demais (máximo 120 caracteres).'),
  nameLaw: z.optional(optionalText(160)),
  stateRegistration: z.optional(z.nullable(optionalText(20))),
  email: z.email({ error: 'E-mail inválido.' }).check(z.maxLength(160, 'E-mail longo demais.')),
  phone: z.optional(
    z.nullable(digitString('Telefone inválido.', (v) => v === '' || /^\d{10,11}$/.test(v))),
  ),
  cellphone: digitString('Celular inválido: use DDD + 9 dígitos.', (v) => /^\d{2}9\d{8}$/.test(v)),
  state: z.enum(UF_CODES, { error: 'UF inválida.' }),
  city: text('Informe a cidade.', 80),
  address: text('Informe o endereço.', 160),
  neighborhood: text('Informe o bairro.', 80),
  number: z.int({ error: 'Número inválido.' }).check(z.gte(0, 'Número inválido.')),
  addressDetail: optionalText(80),
  zipCode: digitString('CEP inválido.', (v) => /^\d{8}$/.test(v)),
})

const creationItemSchema = z.object({
  /** The product's sku. */
  product: text('Produto não informado.', 64),
  quantity: z
    .int()
    .check(z.gte(1, 'Quantidade mínima é 1.'), z.lte(999, 'Quantidade máxima é 999.')),
  /** Reais, as a number. */
  price: z.number().check(z.gte(0)),
  /** Reais, for the whole line. */
  discount: z.number().check(z.gte(0)),
})

const utm = () => z.optional(z.string().check(z.maxLength(200)))

export const creationPayloadSchema = z.object({
  code: z.optional(z.string().check(z.maxLength(40))),
  date: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Data no formato AAAA-MM-DD HH:MM:SS.'),
      ),
  ),
  utmCampaign: utm(),
  utmId: utm(),
  utmMedium: utm(),
  utmSource: utm(),
  user: creationUserSchema,
  orderItems: z
    .array(creationItemSchema)
    .check(
      z.minLength(1, 'O pedido precisa de ao menos um item.'),
      z.maxLength(100, 'No máximo 100 itens.'),
    ),
  note: z.optional(z.string().check(z.maxLength(500))),
  /** The chosen negotiation type's id: the option is one fixed plan, its count included. */
  negotiationType: z.int({ error: 'Escolha a forma de pagamento.' }),
  // No installment count: neither the spec's nor the docs' create body has one (the plan is the
  // option's). An `installments` a browser still sends is dropped here, never forwarded.
  /** The unit/referrer reference as written in the link, e.g. `i34_k9x`. */
  uri: z.optional(z.string().check(z.maxLength(64))),
})
export type CreationPayload = z.input<typeof creationPayloadSchema>
export type ValidCreationPayload = z.output<typeof creationPayloadSchema>

/** Operation 4, 201. */
export const creationResultSchema = z.extend(envelopeSchema, {
  code: z.string(),
  data: z.looseObject({
    publicToken: z.string().check(z.minLength(1)),
    orderCode: z.string(),
    orderId: z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((v: string | number) => String(v)),
    ),
  }),
})
export type CreationResult = z.output<typeof creationResultSchema>
