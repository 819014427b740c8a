import { lazy, Suspense, useId } from 'react'
import type { PaymentOptions } from '../../../common/contract/schemas/payment'
import { ProductPicture } from '../../components/product-picture'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import { offerLines } from '../../../common/rules/installments'
import { useParameters } from '../../state/use-parameters'

// An option paid with the store links "combine com a loja" to its contact, as on the catalog.
const ContactText = lazy(() => import('../../components/company-contact'))

/**
 * The referrer as their visitors see them: the banner's picture and words ("Você chegou pelo
 * parceiro …", with the tenant's word for a referrer) and the payment options of their link,
 * worded as the catalog words them (`offerLines`). The catalog's own PaymentOffers reads the
 * visit's link, not the one checked here; it stays as it is, since it is on the catalog's first
 * load.
 */
export function ReferrerCard({ options }: { options: PaymentOptions }) {
  const parameters = useParameters()
  const label = parameters.data?.referrerLabel ?? 'indicador'
  const ids = { title: useId(), offers: useId() }
  const offers = offerLines(options.negotiationTypes)
  return (
    <section className="kit-card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{tKit.visitors.title}</h2>
      <p className="kit-card__who">
        {options.image && (
          <ProductPicture
            href={options.image.href}
            alt={options.image.description ?? ''}
            width={56}
            height={56}
            sizes="56px"
            className="kit-card__image"
          />
        )}
        <span>
          {tKit.visitors.lead(label)} <strong>{options.description}</strong>
        </span>
      </p>
      <h3 id={ids.offers} className="kit-card__offers-title">
        {tKit.visitors.offers}
      </h3>
      {offers.length === 0 ? (
        <p>{tKit.visitors.noOffers}</p>
      ) : (
        <ul aria-labelledby={ids.offers} className="offers__list">
          {offers.map((line) => (
            <li key={line}>
              <Suspense fallback={line}>
                <ContactText text={line} />
              </Suspense>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
