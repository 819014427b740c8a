import { t } from '../i18n/pt-br'
import { describeOffer } from '../lib/installments'
import { usePaymentOptions } from '../state/use-payment-options'

/**
 * The unit's or referrer's payment options applied to an amount: "em até 12x de R$ 33,33 no
 * cartão", "boleto à vista". Shown on the catalog and in the cart.
 */
export function PaymentOffers({
  totalCents,
  compact = false,
}: {
  totalCents?: number
  compact?: boolean
}) {
  const options = usePaymentOptions()
  if (options.isPending && !compact) {
    // Holds the box's place while the options load, so nothing below it jumps (CLS).
    return <section className="offers" aria-hidden="true" />
  }
  if (!options.data || options.data.negotiationTypes.length === 0) return null
  // Without an amount (the catalog), the options are named as the service describes them.
  const offers = options.data.negotiationTypes.map((n) => ({
    id: n.id,
    text: totalCents === undefined ? n.description : describeOffer(n.paymentSettings, totalCents),
  }))
  if (compact) {
    return <p className="offers-compact">{offers.map((o) => o.text).join(' · ')}</p>
  }
  return (
    <section className="offers" aria-labelledby="offers-title">
      <h2 id="offers-title" className="offers__title">
        {t.offers.title}
      </h2>
      <ul className="offers__list">
        {offers.map((o) => (
          <li key={o.id}>{o.text}</li>
        ))}
      </ul>
    </section>
  )
}
