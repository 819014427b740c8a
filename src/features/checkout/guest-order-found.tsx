import { Link } from 'react-router'
import { ContactText } from '../../components/company-contact'
import { PageHeading } from '../../components/page-heading'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import * as paths from '../../../common/rules/paths'

/**
 * A guest's retry found the order an unanswered create had made (the service's ORDER_CREATED
 * named it): the order exists, and this page says so with its code instead of "não sabemos".
 * There is no link to give: no read the relay may make carries the order's public token.
 */
export function GuestOrderFound({ code }: { code: string }) {
  const w = tCheckout.guestFound
  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <PageHeading id="checkout-heading" title={w.title}>
        {w.title}
      </PageHeading>
      <div className="success">
        <p>{w.found(code)}</p>
        <p>
          <ContactText text={w.next} />
        </p>
      </div>
      <p className="actions">
        <Link to={paths.home} className="button">
          {tCheckout.backHome}
        </Link>
      </p>
    </section>
  )
}
