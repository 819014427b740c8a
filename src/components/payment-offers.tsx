import { lazy, Suspense } from 'react'
import { t } from '../../common/words/pt-br'
import { offerLines } from '../../common/rules/installments'
import { usePaymentOptions } from '../state/use-payment-options'

/**
 * An option paid with the store ("Dinheiro: combine com a loja") links those words to the
 * store's contact. The link's code and the company's details load after the catalog's first
 * page (the first load cannot carry them): until then, the same words as plain text.
 */
const ContactText = lazy(() => import('./company-contact'))

/**
 * The unit's or referrer's payment options, as the plans they are: the card plans in one line
 * ("Cartão de crédito em 1x, 3x ou 6x"; with an amount, "em até 6x de R$ 33,33 no cartão", or
 * "a partir de" the smallest installment where the price does not split evenly), each boleto
 * plan, and each option paid with the store itself ("Dinheiro: combine com a loja"). Shown on
 * the catalog and in the cart.
 */
export function PaymentOffers({
  totalCents,
  compact = false,
}: {
  totalCents?: number
  compact?: boolean
}) {
  const options = usePaymentOptions()
  // Holds the box's place while the options load for the first time, so nothing below it jumps
  // (CLS). Not when a read has already failed (a store without DEFAULT_P, where the server's
  // page had no box either): read again, they most likely fail again, and the box held for them
  // would then go, pulling the page up under the visitor's thumb.
  if (!options.isFetched && !compact) {
    return <section className="offers" aria-hidden="true" />
  }
  if (!options.data || options.data.negotiationTypes.length === 0) return null
  const offers = offerLines(options.data.negotiationTypes, totalCents)
  if (compact) {
    return <p className="offers-compact">{offers.join(' · ')}</p>
  }
  return (
    <section className="offers" aria-labelledby="offers-title">
      <h2 id="offers-title" className="offers__title">
        {t.offers.title}
      </h2>
      <ul className="offers__list">
        {offers.map((line) => (
          <li key={line}>
            <Suspense fallback={line}>
              <ContactText text={line} />
            </Suspense>
          </li>
        ))}
      </ul>
    </section>
  )
}
