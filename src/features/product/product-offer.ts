import type { NegotiationType } from '../../api/schemas/payment'
import { describeOffer, maxInstallments } from '../../lib/installments'
import { normalizeForSearch } from '../../lib/search-text'

export interface InstallmentOffer {
  /** "em até 12x de R$ 13,33 no cartão", "boleto em até 2x de R$ 79,95". */
  text: string
  /** The option's own description says "sem juros"; the store never claims it by itself. */
  interestFree: boolean
}

/**
 * The installment preview of a product page: the option of the visit's link (or the default
 * unit) that splits the price the most, a card before a boleto when both allow the same count,
 * as the catalog's cards show it. Null when every option is paid at once.
 */
export function bestInstallmentOffer(
  options: readonly NegotiationType[] | undefined,
  priceCents: number,
): InstallmentOffer | null {
  const isCard = (n: NegotiationType) => n.paymentSettings.paymentMethod === 'CARTAO_CREDITO'
  const best = (options ?? [])
    .filter((option) => parts(option) > 1)
    .sort((a, b) => parts(b) - parts(a) || Number(isCard(b)) - Number(isCard(a)))[0]
  if (!best) return null
  return {
    text: describeOffer(best.paymentSettings, priceCents),
    interestFree: normalizeForSearch(best.description).includes('sem juros'),
  }
}

/**
 * How many parts an option splits a price into. A method the store has no words for (one the
 * service adds later) is not previewed.
 */
function parts({ paymentSettings: settings }: NegotiationType): number {
  if (settings.paymentMethod === 'CARTAO_CREDITO') return maxInstallments(settings)
  if (settings.paymentMethod === 'BOLETO') return Math.max(1, settings.installments)
  return 0
}
