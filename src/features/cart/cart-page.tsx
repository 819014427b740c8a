import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useNavigation } from 'react-router'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { announce } from '../../components/announce'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { PaymentOffers } from '../../components/payment-offers'
import { t } from '../../../common/words/pt-br'
import { tCart } from '../../../common/words/pt-br-cart'
import { formatBRL } from '../../../common/rules/money'
import { summarizeCart } from '../../state/cart-math'
import { cart, useCart, type CartItem } from '../../state/cart-store'
import { useLink } from '../../state/link-store'
import { CartLineRow } from './cart-line'
import { HolderConflictNotice, UndoRemoval } from './cart-notices'
import { holderConflict, restoreLine, type Removed } from './cart-rules'
import * as paths from '../../../common/rules/paths'
import { BusyButton } from '../../components/form-parts'
import './cart.css'

/** Where focus goes next: a line put back (by SKU), or the removed line's "Desfazer". */
type FocusTarget = { sku: string } | 'undo' | null

export function CartPage() {
  const items = useCart().items
  const { place } = useLink()
  // Prices are checked against the current listing every time the cart is shown.
  const listing = useQuery({ ...catalogQueries.products(place?.ref ?? ''), staleTime: 0 })
  const summary = summarizeCart(items, listing.data?.prices)
  const navigate = useNavigate()
  const sectionRef = useRef<HTMLElement>(null)
  // Applied after the removal has rendered (the effect below); a ref, since it changes nothing
  // on screen by itself.
  const focusAfterRemoval = useRef<FocusTarget>(null)
  // Lines whose quantity was set to 0 and that ask "Remover este item?".
  const [asking, setAsking] = useState<ReadonlySet<string>>(() => new Set())
  // The last line removed, which "Desfazer" puts back.
  const [removed, setRemoved] = useState<Removed | null>(null)
  // An e-CPF and an e-CNPJ cannot be one order: said here, not after the checkout's form.
  const holders = holderConflict(items)
  // "Finalizar compra" shows it is at work until the checkout's page is there.
  const opening = useNavigation().location?.pathname === paths.checkout

  const onAskingChange = useCallback((sku: string, on: boolean) => {
    setAsking((current) => {
      if (current.has(sku) === on) return current
      const next = new Set(current)
      if (on) next.add(sku)
      else next.delete(sku)
      return next
    })
  }, [])

  // The removed line's buttons are gone with it: focus goes to the "Desfazer" that takes its
  // place, never to the page's body; "Desfazer" gives it back to the line it puts back.
  function removeLine(item: CartItem) {
    focusAfterRemoval.current = 'undo'
    setRemoved({ item, index: items.findIndex((i) => i.sku === item.sku) })
    onAskingChange(item.sku, false)
    cart.remove(item.sku)
    announce(tCart.cart.removed(item.description))
  }

  function undoRemoval(line: Removed) {
    focusAfterRemoval.current = { sku: line.item.sku }
    setRemoved(null)
    restoreLine(line)
    announce(tCart.cart.restored(line.item.description))
  }

  const undo = removed && <UndoRemoval removed={removed} onUndo={() => undoRemoval(removed)} />

  useEffect(() => {
    const target = focusAfterRemoval.current
    const section = sectionRef.current
    if (!target || !section) return
    focusAfterRemoval.current = null
    if (target === 'undo') {
      section.querySelector<HTMLElement>('[data-focus="undo"]')?.focus()
      return
    }
    const row = Array.from(section.querySelectorAll<HTMLElement>('li[data-sku]')).find(
      (li) => li.dataset.sku === target.sku,
    )
    // Its quantity field, or its "Remover" when the field is disabled (a withdrawn product).
    const field = row?.querySelector<HTMLInputElement>('input[data-focus="quantity"]')
    const remove = row?.querySelector<HTMLElement>('[data-focus="remove"]')
    ;(field && !field.disabled ? field : remove)?.focus()
  }, [items])

  if (items.length === 0) {
    return (
      <section className="page-narrow" ref={sectionRef}>
        <PageHeading title={tCart.cart.title}>{tCart.cart.title}</PageHeading>
        {undo && <p className="cart__removed">{undo}</p>}
        <p>{tCart.cart.empty}</p>
        <Link to={paths.home} className="button button--primary">
          {tCart.cart.browse}
        </Link>
      </section>
    )
  }

  // A line asking about removal is an open question: checkout waits for the answer.
  const pendingRemoval = summary.lines.some((line) => asking.has(line.item.sku))
  const lines = summary.lines.map((line) => (
    <CartLineRow
      key={line.item.sku}
      line={line}
      holder={holders?.get(line.item.sku)}
      asking={asking.has(line.item.sku)}
      onAskingChange={onAskingChange}
      onRemove={removeLine}
    />
  ))
  if (removed) {
    lines.splice(
      Math.min(removed.index, lines.length),
      0,
      <li key="removed" className="cart-line cart__removed">
        {undo}
      </li>,
    )
  }
  return (
    <section className="cart" aria-labelledby="cart-heading" ref={sectionRef}>
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
      {holders && <HolderConflictNotice items={items} holders={holders} />}
      <ul className="cart__lines" aria-label="Itens do carrinho">
        {lines}
      </ul>
      <div className="cart__summary">
        <p className="cart__total">
          <span>{tCart.cart.total}</span> <strong>{formatBRL(summary.totalCents)}</strong>
        </p>
        {summary.totalCents > 0 && <PaymentOffers totalCents={summary.totalCents} />}
        {!summary.ready && listing.data && (
          <p className="field-error">{tCart.cart.fixBeforeCheckout}</p>
        )}
        {pendingRemoval && <p className="field-error">{tCart.cart.answerRemoval}</p>}
        {holders && <p className="field-error">{tCart.cart.mixedBeforeCheckout}</p>}
        <p className="actions">
          <BusyButton
            busy={opening}
            label={tCart.cart.checkout}
            disabled={!summary.ready || !listing.data || pendingRemoval || !!holders}
            // Its page's code starts loading on hover or focus (app/intent-prefetch.ts).
            data-prefetch={paths.checkout}
            onClick={() => opening || navigate(paths.checkout)}
          />
          <Link to={paths.home}>{tCart.cart.continueShopping}</Link>
        </p>
        {opening && <p className="cart__opening">{tCart.cart.opening}</p>}
      </div>
    </section>
  )
}
