import { useState } from 'react'
import { useLocation } from 'react-router'
import { readBackSchema, type ReadBack } from '../../../common/contract/schemas/read-back'

/** What checkout leaves in the navigation state when it lands on an order after creating it. */
interface OrderLocationState {
  justCreated?: unknown
  /** What the relay read back of the order right after creating it (order-read-back.ts). */
  readBack?: unknown
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

/**
 * The plan and total the buyer confirmed at checkout, as the relay answered the creation: the
 * order page compares them with the order it shows. Undefined for any other arrival.
 */
export function useConfirmedPlan(): ReadBack['confirmed'] | undefined {
  const location = useLocation()
  const [confirmed] = useState(() => {
    const parsed = readBackSchema.safeParse((location.state as OrderLocationState | null)?.readBack)
    return parsed.success ? parsed.data.confirmed : undefined
  })
  return confirmed
}
