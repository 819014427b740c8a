import { Link } from 'react-router'
import { PageHeading } from '../../components/page-heading'
import { tCheckout } from '../../i18n/pt-br-checkout'
import { CompanyContact } from '../../components/company-contact'
import * as paths from '../../lib/paths'

/**
 * A link whose options are all paid with the store itself (cash at the counter, a method the
 * store does not know): said before the buyer types anything, with whom to buy, and the cart
 * kept as it is.
 */
export function NoPayableOption({ names }: { names: readonly string[] }) {
  return (
    <section className="page-narrow" aria-labelledby="checkout-heading">
      <PageHeading id="checkout-heading" title={tCheckout.title}>
        {tCheckout.title}
      </PageHeading>
      <div className="notice no-payable">
        <p>
          <strong>{tCheckout.noPayableTitle}</strong>
        </p>
        <p>{tCheckout.noPayable(names)}</p>
      </div>
      <CompanyContact lead={tCheckout.contactLead} none={() => <p>{tCheckout.contactGeneric}</p>} />
      <p className="actions">
        <Link to={paths.cart}>{tCheckout.backToCart}</Link>
      </p>
    </section>
  )
}
