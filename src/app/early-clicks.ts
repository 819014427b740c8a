import { useEffect } from 'react'
import { firstViewHydrated } from '../state/held-taps'

/**
 * Rendered once at the root of a server-rendered page: when the first view has hydrated, the
 * taps the page held while its JavaScript was on the way (server/first-view/page-render.ts keeps them in
 * `__vitrineEarlyClicks`) are made again, in order, on the buttons still in the page; a tap on
 * a part whose code comes later (the card form) waits for that part (src/state/held-taps.ts).
 * A person who tapped "Adicionar ao carrinho" on the first paint gets the item, not a dead
 * button. Renders nothing, so the server's markup and the hydration are unchanged.
 */
export function ReplayEarlyClicks() {
  useEffect(() => {
    firstViewHydrated()
  }, [])
  return null
}
