import { listWords } from './payment-words'

/**
 * A plan as the buyer confirms it and the order page shows it: the method, the count and what
 * each installment is. One option is one plan (its count is fixed), so no count is chosen.
 * Its own module: payment-words.ts is in the chunk every first load carries, and the catalog
 * names plans but never splits them.
 */
export const planWords = {
  card: (n: number, amounts: string) =>
    n === 1 ? `Cartão de crédito à vista: ${amounts}` : `Cartão de crédito ${n}x: ${amounts}`,
  boleto: (n: number, amounts: string) =>
    n === 1 ? `Boleto à vista: ${amounts}` : `Boleto em ${n}x: ${amounts}`,
  other: (method: string, amounts: string) => `${method}: ${amounts}`,
  /** One amount: the total at once. */
  single: (total: string) => total,
  equal: (n: number, each: string, noun: 'parcelas' | 'boletos') => `${n} ${noun} de ${each}`,
  firstDiffers: (n: number, first: string, rest: string, noun: 'parcelas' | 'boletos') =>
    noun === 'boletos'
      ? `1º boleto de ${first} e ${n - 1} de ${rest}`
      : `1ª parcela de ${first} e ${n - 1} de ${rest}`,
  each: (amounts: readonly string[], noun: 'parcelas' | 'boletos') =>
    `${noun} de ${listWords(amounts, 'e')}`,
} as const
