import { useEffect } from 'react'

interface EarlyClicks {
  /** Buttons tapped on a server-rendered page before the app hydrated it (page-render.ts). */
  __vitrineEarlyClicks?: HTMLElement[]
  __vitrineEarlyClicksStop?: () => void
}

/**
 * Rendered once at the root: when the first view has hydrated, the taps the page held while its
 * JavaScript was on the way are made again, in order, on the buttons still in the page. A
 * person who tapped "Adicionar ao carrinho" on the first paint gets the item, not a dead button.
 * Renders nothing, so the server's markup and the hydration are unchanged.
 */
function useReplayEarlyClicks(): void {
  useEffect(() => {
    const w = window as unknown as EarlyClicks
    // Stop holding first: the clicks made again below must reach React.
    w.__vitrineEarlyClicksStop?.()
    const held = w.__vitrineEarlyClicks ?? []
    w.__vitrineEarlyClicks = []
    for (const button of held) if (button.isConnected) button.click()
  }, [])
}

export function ReplayEarlyClicks() {
  useReplayEarlyClicks()
  return null
}
