import { useEffect, useRef } from 'react'

/** The key of the entry an open dialog pushed, in the history state beside the router's. */
const MARK = 'vitrine:open'

/**
 * While `open`, Back closes it (a modal dialog) instead of leaving the page: on a phone Back is
 * how anything on top is dismissed, and a buyer reading the terms on checkout who pressed it
 * lost the checkout. Opening pushes a history entry of the same address and state (the router's
 * own, so the entry is the page's for anyone who reads it, plus a mark); Back returns to the
 * page's entry, and the router never hears of it: for it the page did not change. Closed any
 * other way (a button, Escape, Chrome's own close request on Android's Back), the entry it
 * pushed is taken back, so no extra Back is ever needed to leave the page.
 */
export function useBackCloses(open: boolean, close: () => void) {
  const closeRef = useRef(close)
  useEffect(() => {
    closeRef.current = close
  })
  useEffect(() => {
    if (!open) return
    // Compared by value: the history keeps a copy of its state, never the object itself.
    const mark = Math.random()
    history.pushState({ ...(history.state as object | null), [MARK]: mark }, '')
    let popped = false
    // Capturing at the window runs before the router's own listener, which it stops: this Back
    // is not a navigation.
    const onPop = (event: PopStateEvent) => {
      event.stopImmediatePropagation()
      popped = true
      closeRef.current()
    }
    addEventListener('popstate', onPop, { capture: true })
    return () => {
      removeEventListener('popstate', onPop, { capture: true })
      // Back already took it; or the page was left while open (a link in the terms): that
      // navigation's entry is on top now, and going back would undo it.
      if (popped || (history.state as Record<string, unknown> | null)?.[MARK] !== mark) return
      addEventListener('popstate', (event) => event.stopImmediatePropagation(), {
        capture: true,
        once: true,
      })
      history.back()
    }
  }, [open])
}
