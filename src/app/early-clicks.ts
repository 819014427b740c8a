import { useEffect } from 'react'

/**
 * Rendered once at the root of a server-rendered page: when the first view has hydrated, the
 * taps the page held while its JavaScript was on the way (server/page-render.ts keeps them in
 * `__vitrineEarlyClicks`) are made again, in order, on the buttons still in the page. A person
 * who tapped "Adicionar ao carrinho" on the first paint gets the item, not a dead button.
 * Renders nothing, so the server's markup and the hydration are unchanged.
 */
export function ReplayEarlyClicks() {
  useEffect(() => {
    const w = window as unknown as {
      __vitrineEarlyClicks?: HTMLElement[]
      __vitrineEarlyClicksStop?: () => void
    }
    // Stop holding first: the clicks made again below must reach React.
    w.__vitrineEarlyClicksStop?.()
    const held = w.__vitrineEarlyClicks ?? []
    // Gone once the page answers on its own (journeys wait for that: e2e/fixtures/app-ready.ts).
    delete w.__vitrineEarlyClicks
    delete w.__vitrineEarlyClicksStop
    for (const button of held) {
      if (button.isConnected) button.click()
    }
  }, [])
  return null
}
