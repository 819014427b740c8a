/**
 * The words of a link's offers ("em até 12x…", "Cartão de crédito em 1x, 3x ou 6x"), which the
 * catalog shows on its first paint. The rest of what the store says about paying lives beside
 * it, one module per moment: the names of methods and statuses in payment-labels.ts (order
 * pages, history), a plan split into its amounts in plan-words.ts (checkout, order page). Before,
 * the same words lived in four files and drifted ("Boleto bancário" on the order, "boleto" in the
 * offer). Apart because this module is in the chunk every first load carries, and a module there
 * keeps every word any page uses.
 *
 * No "sem juros"/"com juros": neither the spec nor the docs say whether an option charges
 * interest, so the store never claims either; the service's own option description (which may
 * say "sem juros") is shown as it comes.
 */

export const paymentWords = {
  offer: {
    boletoAtOnce: 'boleto à vista',
    boletoIn: (n: number, each: string, upTo: boolean) =>
      `boleto em ${upTo ? 'até ' : ''}${n}x ${each}`,
    cardAtOnce: (total: string) => `${total} à vista no cartão`,
    cardIn: (n: number, each: string, upTo: boolean) =>
      `em ${upTo ? 'até ' : ''}${n}x ${each} no cartão`,
    /**
     * What each installment is: "de R$ 23,30" when the price splits evenly; otherwise the first
     * takes the remainder and the line names the smallest, "a partir de R$ 23,31", never a
     * figure that, multiplied, is not the price.
     */
    each: (exact: boolean, amount: string) => `${exact ? '' : 'a partir '}de ${amount}`,
    /** The card plans of a link, without an amount: "Cartão de crédito em 1x, 3x ou 6x". */
    cardPlans: (counts: readonly number[]) =>
      counts.length === 1 && counts[0] === 1
        ? 'Cartão de crédito à vista'
        : `Cartão de crédito em ${listWords(
            counts.map((n) => `${n}x`),
            'ou',
          )}`,
    boletoPlan: (n: number) => (n <= 1 ? 'Boleto à vista' : `Boleto em ${n}x`),
    /** An option the store cannot take online (no method, or one it does not know). */
    offline: (description: string) => `${description}: combine com a loja`,
  },
} as const

/** ["1x", "2x", "3x"] → "1x, 2x ou 3x". */
export function listWords(items: readonly string[], last: 'e' | 'ou'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`
}
