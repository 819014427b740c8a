import { createContext, useContext } from 'react'

/**
 * The store's origin (`https://loja.example`) for links people copy and share. The browser knows
 * its own; a server render is given the one the visitor reached (src/entry-server.tsx), so the
 * links it writes are the ones the browser would write and hydration matches.
 */
export const SiteOrigin = createContext<string>(
  typeof window === 'undefined' ? '' : window.location.origin,
)

export function useSiteOrigin(): string {
  return useContext(SiteOrigin)
}
