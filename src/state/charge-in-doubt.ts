/**
 * An order whose last card attempt may have charged (a timeout, "maybe charged"), remembered in
 * this tab for a while: a reload, or coming back from another page, shows "Atualizar situação"
 * again instead of a fresh "Pagar", since a charge in flight often shows on the order minutes
 * later. Only the order's id and the time: nothing of the card. sessionStorage, so it is this
 * tab's alone and gone with it; a browser that refuses storage simply does not remember.
 */
const PREFIX = 'vitrine.charge-in-doubt.'

/** Past this, the service has long said what happened, and the order's own status decides. */
const CHARGE_IN_DOUBT_MS = 30 * 60 * 1000

export function chargeInDoubt(orderId: number, now = Date.now()): boolean {
  try {
    const since = Number(sessionStorage.getItem(PREFIX + orderId))
    return Number.isFinite(since) && since > 0 && now - since < CHARGE_IN_DOUBT_MS
  } catch {
    return false
  }
}

/** Remembers the doubt from its first moment: a reload does not make it younger. */
export function rememberChargeInDoubt(orderId: number, now = Date.now()): void {
  try {
    if (!chargeInDoubt(orderId, now)) sessionStorage.setItem(PREFIX + orderId, String(now))
  } catch {
    // Storage refused (a private window's quota): the page still says it, until it is left.
  }
}

export function forgetChargeInDoubt(orderId: number): void {
  try {
    sessionStorage.removeItem(PREFIX + orderId)
  } catch {
    // Nothing was kept.
  }
}
