import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in a server render and in the browser's hydration of it, true from then on (and at once
 * in a page the browser renders alone). For what only the browser can know (the Web Share API,
 * navigation state kept across a reload): the server's markup stays what hydration expects, and
 * the browser's own answer follows in the next render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
