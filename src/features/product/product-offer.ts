import type { NegotiationType } from '../../../common/contract/schemas/payment'
import { bestPreview } from './best-preview'
import { normalizeForSearch } from '../../../common/rules/search-text'

export interface InstallmentOffer {
  /** "em até 12x a partir de R$ 13,32 no cartão", "boleto em até 2x de R$ 79,95". */
  text: string
  /** The option's own description says "sem juros"; the store never claims it by itself. */
  interestFree: boolean
}

/**
 * The installment preview of a product page: from the plans the visit's link (or the default
 * unit) offers, the one that splits the price the most, a card before a boleto when both split
 * it as much, as the catalog's cards show it ("em até" only when a smaller plan of that method is
 * offered too). Null when every plan is paid at once.
 */
export function bestInstallmentOffer(
  options: readonly NegotiationType[] | undefined,
  priceCents: number,
): InstallmentOffer | null {
  const best = bestPreview(options ?? [], priceCents)
  if (!best) return null
  return {
    text: best.text,
    interestFree: normalizeForSearch(best.option.description).includes('sem juros'),
  }
}
