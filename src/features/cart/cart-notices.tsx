import { useId } from 'react'
import { tCart } from '../../../common/words/pt-br-cart'
import type { Holder } from '../../lib/certificate-holder'
import type { CartItem } from '../../state/cart-store'
import type { Removed } from './cart-rules'

const list = new Intl.ListFormat('pt-BR', { type: 'conjunction' })

/** Above the lines, so a phone sees it with the first one: which items conflict, what to do. */
export function HolderConflictNotice({
  items,
  holders,
}: {
  items: readonly CartItem[]
  holders: ReadonlyMap<string, Holder>
}) {
  const titleId = useId()
  const names = (holder: Holder) =>
    list.format(items.filter((i) => holders.get(i.sku) === holder).map((i) => i.description))
  return (
    <section className="notice cart__conflict" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>{tCart.cart.mixedTitle}</h2>
        <p>{tCart.cart.mixed(names('cpf'), names('cnpj'))}</p>
      </div>
    </section>
  )
}

/**
 * "Token USB criptográfico removido. Desfazer", in the removed line's place. It waits for the
 * visitor (no timer to race, for keyboard and screen reader users too) and goes with the next
 * removal or when the page is left. The page moves focus to its button (`data-focus="undo"`).
 */
export function UndoRemoval({ removed, onUndo }: { removed: Removed; onUndo: () => void }) {
  const textId = useId()
  return (
    <>
      <span id={textId}>{tCart.cart.removedLine(removed.item.description)}</span>{' '}
      <button
        type="button"
        className="button"
        data-focus="undo"
        aria-describedby={textId}
        onClick={onUndo}
      >
        {tCart.cart.undo}
      </button>
    </>
  )
}
