import { getStates, isValidCep, type StateCode } from '@brazilian-utils/brazilian-utils'
import * as z from 'zod/mini'

/**
 * What `GET /api/cep/:cep` answers: one address, already normalised by the relay whichever
 * public CEP service found it (server/relay/upstream/cep-lookup.ts). The offline fixtures
 * (offline/data/cep-fixtures.ts) are written in this shape too.
 */

const UF_CODES: ReadonlySet<string> = new Set(getStates().map((s) => s.code))

/** A state code (`SP`): the checkout's state select offers exactly these. */
const ufSchema = z.custom<StateCode>(
  (value) => typeof value === 'string' && UF_CODES.has(value),
  'UF inválida.',
)

export const cepAddressSchema = z.object({
  /** 8 digits, no dash. */
  cep: z.string().check(z.regex(/^\d{8}$/)),
  state: ufSchema,
  city: z.string().check(z.minLength(1)),
  /**
   * Empty for a city-wide ("generic") CEP, which small towns have: the buyer types the
   * neighbourhood and street then.
   */
  neighborhood: z.string(),
  street: z.string(),
})
export type CepAddress = z.output<typeof cepAddressSchema>

/**
 * The 8 digits of a CEP as a person or a URL writes it (`01310-100`, `01310100`), or null when
 * it is not one. Only a dash between the fifth and sixth digit is accepted: anything else is a
 * typo the form should show, not guess around.
 */
export function cepDigits(text: string): string | null {
  if (!/^\d{5}-?\d{3}$/.test(text) || !isValidCep(text)) return null
  return text.replace('-', '')
}
