import { onlyDigits } from '../../common/rules/masks'

/**
 * Who a product is issued to, read from its name and group as the catalog writes them: an
 * e-CNPJ (a "PJ" certificate) belongs to a company and needs its CNPJ; an e-CPF ("PF") to a
 * person and needs their CPF. Neither the spec nor the docs carry a field for it, so the words
 * are the only source (docs/dialects.md); a product that names neither (a token, a reader, a
 * service) can be bought with either document.
 */
export type Holder = 'cpf' | 'cnpj'

const COMPANY = /\be-?cnpj\b|\bpj\b|pessoa jur[ií]dica/i
const PERSON = /\be-?cpf\b|\bpf\b|pessoa f[ií]sica/i

export function holderOf(...texts: (string | null | undefined)[]): Holder | null {
  const text = texts.filter(Boolean).join(' ')
  if (COMPANY.test(text)) return 'cnpj'
  if (PERSON.test(text)) return 'cpf'
  return null
}

/**
 * What a cart asks of the buyer's document: one kind, none, or a conflict when it mixes
 * products for a person and for a company (one order has one buyer).
 */
export type HolderNeed = { kind: 'any' } | { kind: Holder; product: string } | { kind: 'mixed' }

export function holderNeedOf(products: readonly { description: string }[]): HolderNeed {
  let need: HolderNeed = { kind: 'any' }
  for (const product of products) {
    const holder = holderOf(product.description)
    if (!holder) continue
    if (need.kind === 'any') need = { kind: holder, product: product.description }
    else if (need.kind !== holder) return { kind: 'mixed' }
  }
  return need
}

/** The kind of a typed document by its length, once it is complete. */
export function documentKind(value: string): Holder | null {
  const digits = onlyDigits(value)
  if (digits.length === 11) return 'cpf'
  if (digits.length === 14) return 'cnpj'
  return null
}
