import { useRef, useState, type ChangeEvent } from 'react'
import { announce } from '../../components/announce'
import { tCart } from '../../../common/words/pt-br-cart'
import { cart, MAX_QUANTITY, type CartItem } from '../../state/cart-store'
import { readQuantity } from './quantity'

interface LineQuantityProps {
  item: CartItem
  /** The line asks "Remover este item?"; held by the page. */
  asking: boolean
  onAskingChange: (sku: string, asking: boolean) => void
}

/**
 * A cart line's quantity as the person edits it (cart-line.tsx says why 0 asks and why an
 * invalid number keeps the cart's): what the field shows, its messages, and the ways to change
 * it. The cart holds only valid quantities.
 */
export function useLineQuantity({ item, asking, onAskingChange }: LineQuantityProps) {
  // What the field shows while it differs from the cart (typing, "0" asked about).
  const [draft, setDraft] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  // A number above the maximum was typed: the line took the maximum, and says why.
  const [capped, setCapped] = useState(false)
  const quantityRef = useRef<HTMLInputElement>(null)

  function ask() {
    setDraft('0')
    setInvalid(false)
    if (!asking) {
      onAskingChange(item.sku, true)
      announce(tCart.cart.askRemovalAnnounce(item.description))
    }
  }

  /** Back to the cart's quantity: the question and any message go. */
  function settle() {
    setDraft(null)
    setInvalid(false)
    setCapped(false)
    if (asking) onAskingChange(item.sku, false)
  }

  function setQuantity(quantity: number) {
    settle()
    cart.setQuantity(item.sku, quantity)
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value
    const read = readQuantity(raw, event.target.validity.badInput)
    if (read.kind === 'valid') {
      setQuantity(read.quantity)
      // Show what was typed ("05") until the field is left.
      setDraft(raw)
      return
    }
    if (read.kind === 'over') {
      setQuantity(MAX_QUANTITY)
      setCapped(true)
      announce(tCart.cart.maxReached(MAX_QUANTITY))
      return
    }
    setDraft(raw)
    if (read.kind === 'zero') ask()
    else if (read.kind === 'invalid') {
      setInvalid(true)
      if (asking) onAskingChange(item.sku, false)
    }
  }

  function onBlur() {
    if (draft === null) return
    const read = readQuantity(draft, quantityRef.current?.validity.badInput ?? false)
    if (read.kind === 'empty') return ask()
    if (read.kind === 'zero') return
    // Valid, or invalid with its message kept: the field shows the cart's quantity again.
    setDraft(null)
    if (read.kind === 'invalid') {
      announce(tCart.cart.invalidQuantityAnnounce(item.description, MAX_QUANTITY, item.quantity))
    }
  }

  function keep() {
    settle()
    announce(tCart.cart.kept(item.description))
    quantityRef.current?.focus()
  }

  return { draft, invalid, capped, quantityRef, ask, setQuantity, onChange, onBlur, keep }
}
