import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { announce } from '../../components/announce'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { PaymentOffers } from '../../components/payment-offers'
import { t } from '../../i18n/pt-br'
import { tCart } from '../../i18n/pt-br-cart'
import { formatBRL } from '../../lib/money'
import { summarizeCart, type CartLine } from '../../state/cart-math'
import { cart, MAX_QUANTITY, useCart } from '../../state/cart-store'
import { useLink } from '../../state/link-store'

export function CartPage() {
  const items = useCart().items
  const { place } = useLink()
  // Prices are checked against the current listing every time the cart is shown.
  const listing = useQuery({ ...catalogQueries.products(place?.ref ?? ''), staleTime: 0 })
  const summary = summarizeCart(items, listing.data?.prices)
  const navigate = useNavigate()

  if (items.length === 0) {
    return (
      <section className="page-narrow">
        <PageHeading title={tCart.cart.title}>{tCart.cart.title}</PageHeading>
        <p>{tCart.cart.empty}</p>
        <Link to="/" className="button button--primary">
          {tCart.cart.browse}
        </Link>
      </section>
    )
  }

  return (
    <section className="cart" aria-labelledby="cart-heading">
      <PageHeading id="cart-heading" title={tCart.cart.title}>
        {tCart.cart.title}
      </PageHeading>
      {listing.isPending && <p role="status">{tCart.cart.checking}</p>}
      {listing.isError && (
        <ErrorState
          message={t.catalog.error}
          error={listing.error}
          onRetry={() => void listing.refetch()}
        />
      )}
      <ul className="cart__lines" aria-label="Itens do carrinho">
        {summary.lines.map((line) => (
          <CartLineRow key={line.item.sku} line={line} />
        ))}
      </ul>
      <div className="cart__summary">
        <p className="cart__total">
          <span>{tCart.cart.total}</span> <strong>{formatBRL(summary.totalCents)}</strong>
        </p>
        {summary.totalCents > 0 && <PaymentOffers totalCents={summary.totalCents} />}
        {!summary.ready && listing.data && (
          <p className="field-error">{tCart.cart.fixBeforeCheckout}</p>
        )}
        <p className="actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!summary.ready || !listing.data}
            onClick={() => navigate('/checkout')}
          >
            {tCart.cart.checkout}
          </button>
          <Link to="/">{tCart.cart.continueShopping}</Link>
        </p>
      </div>
    </section>
  )
}

function CartLineRow({ line }: { line: CartLine }) {
  const { item, status } = line
  const quantityId = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const unavailable = status.kind === 'unavailable'
  return (
    <li className={`cart-line${unavailable ? ' cart-line--unavailable' : ''}`}>
      <img
        src={item.imageHref}
        alt={item.imageAlt}
        width={96}
        height={72}
        className="cart-line__image"
      />
      <div className="cart-line__body">
        <h2 className="cart-line__title">{item.description}</h2>
        <p>
          {tCart.cart.unitPrice}: {formatBRL(line.unitPriceCents)}
        </p>
        {status.kind === 'price-changed' && (
          <p className="cart-line__flag" role="note">
            {tCart.cart.priceChanged(
              formatBRL(status.previousCents),
              formatBRL(line.unitPriceCents),
            )}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => cart.acceptPrice(item.sku, line.unitPriceCents)}
            >
              {tCart.cart.acceptPrice}
            </button>
          </p>
        )}
        {unavailable && (
          <p className="cart-line__flag" role="note">
            {tCart.cart.unavailable}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        <div className="stepper">
          <button
            type="button"
            className="stepper__button"
            aria-label={tCart.cart.decrease(item.description)}
            disabled={item.quantity <= 1 || unavailable}
            onClick={() => cart.setQuantity(item.sku, item.quantity - 1)}
          >
            −
          </button>
          <label htmlFor={quantityId} className="visually-hidden">
            {tCart.cart.quantity(item.description)}
          </label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            // While typing, the field shows what was typed (it may be empty for a moment);
            // the cart takes each valid number, and leaving the field shows the cart's value.
            value={draft ?? item.quantity}
            disabled={unavailable}
            onChange={(e) => {
              setDraft(e.target.value)
              const value = e.target.valueAsNumber
              if (Number.isInteger(value) && value >= 1) cart.setQuantity(item.sku, value)
            }}
            onBlur={() => setDraft(null)}
          />
          <button
            type="button"
            className="stepper__button"
            aria-label={tCart.cart.increase(item.description)}
            disabled={item.quantity >= MAX_QUANTITY || unavailable}
            onClick={() => cart.setQuantity(item.sku, item.quantity + 1)}
          >
            +
          </button>
        </div>
        <p className="cart-line__total">
          <span className="visually-hidden">{tCart.cart.lineTotal}: </span>
          {unavailable ? '—' : formatBRL(line.lineTotalCents)}
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            cart.remove(item.sku)
            announce(tCart.cart.removed(item.description))
          }}
        >
          {tCart.cart.remove(item.description)}
        </button>
      </div>
    </li>
  )
}
