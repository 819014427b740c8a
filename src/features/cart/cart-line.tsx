import { useId } from 'react'
import { announce } from '../../components/announce'
import { ProductPicture } from '../../components/product-picture'
import { tCart } from '../../../common/words/pt-br-cart'
import type { Holder } from '../../lib/certificate-holder'
import { formatBRL } from '../../../common/rules/money'
import type { CartLine } from '../../state/cart-math'
import { cart, MAX_QUANTITY, type CartItem } from '../../state/cart-store'
import { useLineQuantity } from './use-line-quantity'

export interface CartLineRowProps {
  line: CartLine
  /** In a cart that mixes e-CPF and e-CNPJ, whose document this line asks for. */
  holder?: Holder
  /** The line asks "Remover este item?" (its quantity was set to 0). Held by the page. */
  asking: boolean
  onAskingChange: (sku: string, asking: boolean) => void
  /**
   * Removes the line; the page then moves focus to the "Desfazer" in its place, which puts it
   * back and focuses it again (`data-sku`, and its `data-focus` quantity field or "Remover").
   */
  onRemove: (item: CartItem) => void
}

/**
 * One cart line: picture, price, the quantity stepper and field, its total and "Remover".
 *
 * Quantity 0 asks ("Remover este item?" with Remover / Manter) rather than removing with an
 * undo: the field passes through 0 and "" while a person retypes a number ("05", select +
 * delete + "3"), so removing there would throw lines away mid-typing, and an undo that times
 * out is a race for keyboard and screen reader users. A question that waits removes nothing by
 * accident and needs no timer. An invalid number is named next to the field and the cart keeps
 * its last good quantity; a whole number above the maximum (150) sets the maximum and says so.
 *
 * Focus: the stepper's buttons are never `disabled` (a disabled button drops the focus it
 * holds, to the page's body): "−" at 1 asks about removal and "+" at the maximum is
 * `aria-disabled` and says why, so the focus stays on the button that was pressed.
 */
export function CartLineRow({ line, holder, asking, onAskingChange, onRemove }: CartLineRowProps) {
  const { item, status } = line
  const base = useId()
  const ids = { quantity: `${base}q`, error: `${base}e`, capped: `${base}m` }
  const { draft, invalid, capped, quantityRef, ask, setQuantity, onChange, onBlur, keep } =
    useLineQuantity({ item, asking, onAskingChange })
  const unavailable = status.kind === 'unavailable'
  const atMax = item.quantity >= MAX_QUANTITY

  return (
    <li
      data-sku={item.sku}
      className={[
        'cart-line',
        unavailable && 'cart-line--unavailable',
        holder && 'cart-line--conflict',
        asking && 'cart-line--asking',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <CartLineDetails line={line} holder={holder} />
      <div className="cart-line__controls">
        <div className="stepper">
          <button
            type="button"
            className="stepper__button"
            aria-label={tCart.cart.decrease(item.description)}
            disabled={unavailable}
            onClick={() => (item.quantity <= 1 ? ask() : setQuantity(item.quantity - 1))}
          >
            −
          </button>
          <label htmlFor={ids.quantity} className="visually-hidden">
            {tCart.cart.quantity(item.description)}
          </label>
          <input
            ref={quantityRef}
            id={ids.quantity}
            data-focus="quantity"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_QUANTITY}
            value={draft ?? item.quantity}
            disabled={unavailable}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? ids.error : capped ? ids.capped : undefined}
            onChange={onChange}
            onBlur={onBlur}
          />
          <button
            type="button"
            className="stepper__button"
            aria-label={tCart.cart.increase(item.description)}
            disabled={unavailable}
            aria-disabled={atMax || undefined}
            onClick={() =>
              atMax ? announce(tCart.cart.maxReached(MAX_QUANTITY)) : setQuantity(item.quantity + 1)
            }
          >
            +
          </button>
        </div>
        {invalid && (
          <p id={ids.error} className="field-error cart-line__error">
            {tCart.cart.invalidQuantity(MAX_QUANTITY, item.quantity)}
          </p>
        )}
        {capped && (
          <p id={ids.capped} className="field-hint cart-line__error">
            {tCart.cart.maxReached(MAX_QUANTITY)}
          </p>
        )}
        {asking && (
          <div
            className="cart-line__confirm"
            role="group"
            // "este item" is clear beside the line; out of it, the group names the product.
            aria-label={tCart.cart.askRemovalLabel(item.description)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') keep()
            }}
          >
            <p>{tCart.cart.askRemoval}</p>
            <button type="button" className="button button--danger" onClick={() => onRemove(item)}>
              {tCart.cart.confirmRemoval}
            </button>
            <button type="button" className="button" onClick={keep}>
              {tCart.cart.keep}
            </button>
          </div>
        )}
        <p className="cart-line__total">
          <span className="visually-hidden">{tCart.cart.lineTotal}: </span>
          {unavailable ? '—' : formatBRL(line.lineTotalCents)}
        </p>
        <button
          data-focus="remove"
          type="button"
          className="link-button"
          onClick={() => onRemove(item)}
        >
          {tCart.cart.remove(item.description)}
        </button>
      </div>
    </li>
  )
}

/** The line's picture, name, unit price and what the store flags about it. */
function CartLineDetails({ line, holder }: Pick<CartLineRowProps, 'line' | 'holder'>) {
  const { item, status } = line
  const unavailable = status.kind === 'unavailable'
  return (
    <>
      {line.imageHref ? (
        <ProductPicture
          href={line.imageHref}
          alt={item.imageAlt}
          width={96}
          height={72}
          sizes="96px"
          className="cart-line__image"
        />
      ) : (
        <span className="cart-line__image" aria-hidden="true" />
      )}
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
        {holder && (
          <p className="cart-line__flag" role="note">
            {tCart.cart.holder[holder]}
          </p>
        )}
      </div>
    </>
  )
}
