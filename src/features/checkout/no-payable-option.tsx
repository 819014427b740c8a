import { Link } from 'react-router'
import { PageHeading } from '../../components/page-heading'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { CompanyContact } from '../../components/company-contact'
import * as paths from '../../../common/rules/paths'

/**
 * A link whose options are all paid with the store itself (cash at the counter, a method the
 * store does not know): said before the buyer types anything, with whom to buy, and the cart
 * kept as it is.
 */
export function NoPayableOption({ names }: { names: readonly string[] }) {
  return (
    <NoWayToPay
      title={tCheckout.noPayableTitle}
      text={tCheckout.noPayable(names)}
      noContact={tCheckout.contactGeneric}
    />
  )
}

/**
 * A visitor with no link, in a store that sells only through its units' and partners' links
 * (no DEFAULT_P, and the service has no payment options of the store itself): not an error to
 * retry, and not a link of theirs to blame. How to buy, and the cart kept for when they come
 * back through a link.
 */
export function SellsByLink() {
  return (
    <NoWayToPay
      title={tCheckout.sellsByLinkTitle}
      text={tCheckout.sellsByLink}
      noContact={tCheckout.sellsByLinkNoContact}
    />
  )
}

function NoWayToPay({
  title,
  text,
  noContact,
}: {
  title: string
  text: string
  noContact: string
}) {
  return (
    <section className="page-narrow" aria-labelledby="checkout-heading">
      <PageHeading id="checkout-heading" title={tCheckout.title}>
        {tCheckout.title}
      </PageHeading>
      <div className="notice no-payable">
        <p>
          <strong>{title}</strong>
        </p>
        <p>{text}</p>
      </div>
      <CompanyContact lead={tCheckout.contactLead} none={() => <p>{noContact}</p>} />
      <p className="actions">
        <Link to={paths.cart}>{tCheckout.backToCart}</Link>
      </p>
    </section>
  )
}
