import { useState } from 'react'
import { useLocation } from 'react-router'

/** What checkout leaves in the navigation state when it lands on an order after creating it. */
interface OrderLocationState {
  justCreated?: unknown
}

/**
 * Whether this page was opened by checkout right after the order was made (on its public page,
 * or in the account when the relay found the order after a timeout). Read once: the notice
 * belongs to the arrival, not to later re-renders.
 */
export function useJustCreated(): boolean {
  const location = useLocation()
  const [justCreated] = useState(
    () => (location.state as OrderLocationState | null)?.justCreated === true,
  )
  return justCreated
}
