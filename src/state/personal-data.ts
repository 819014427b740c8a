/**
 * Personal data a tab keeps for the buyer (the half-filled checkout: CPF, name, address). It
 * belongs to whoever is at the browser now: logging out forgets it, so the next person at a
 * shared computer does not find it filled in.
 */
export const CHECKOUT_DRAFT_STORAGE_KEY = 'vitrine.checkout'

export function forgetPersonalData(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_DRAFT_STORAGE_KEY)
  } catch {
    // storage disabled: nothing was kept
  }
}
