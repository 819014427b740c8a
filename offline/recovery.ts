/**
 * The offline service's password recovery: what `POST /user?q=forgot-password` issues (a token,
 * a PIN prefix and the PIN it "e-mails") and what `POST /user?q=recovery-password` checks.
 * The docs say nothing of the PIN's shape or lifetime, so these are the offline service's own:
 * three letters, a dash and six digits (`ABC-123456`), valid for 30 minutes, used once.
 *
 * There is no mail server: a sent message lands in `mailbox` and is handed to the listeners, so
 * the dev tools (`npm run mock:api`, the relay's offline mode outside production) can print it
 * and e2e tests can read the PIN. Nothing here ever runs against the real service.
 */

const RECOVERY_TTL_MS = 30 * 60_000

export interface RecoveryMail {
  to: string
  pinPrefix: string
  pin: string
  /** As the e-mail shows it: `ABC-123456`. */
  code: string
  sentAt: number
}

interface Pending {
  /** The user record (the tenant's own object, so a new password lands in the tenant). */
  account: { password: string | null; user: { document: string; email: string } }
  pinPrefix: string
  pin: string
  expiresAt: number
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

function randomPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3))
  return Array.from(bytes, (b) => LETTERS[b % LETTERS.length]).join('')
}

function randomPin(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0
  return (n % 1_000_000).toString().padStart(6, '0')
}

export class OfflineRecovery {
  readonly mailbox: RecoveryMail[] = []
  private readonly pending = new Map<string, Pending>()
  private readonly listeners = new Set<(mail: RecoveryMail) => void>()

  constructor(private readonly now: () => number) {}

  /** Issues a recovery for an account and "e-mails" its PIN. */
  issue(account: Pending['account']): { token: string; pinPrefix: string } {
    const token = randomHex(16)
    const pinPrefix = randomPrefix()
    const pin = randomPin()
    this.pending.set(token, { account, pinPrefix, pin, expiresAt: this.now() + RECOVERY_TTL_MS })
    const mail: RecoveryMail = {
      to: account.user.email,
      pinPrefix,
      pin,
      code: `${pinPrefix}-${pin}`,
      sentAt: this.now(),
    }
    this.mailbox.push(mail)
    for (const listener of this.listeners) listener(mail)
    return { token, pinPrefix }
  }

  /**
   * Sets the new password when token, prefix and PIN are one live recovery's; the token is
   * then spent. False for anything else (the service has one answer for all of it).
   */
  complete(p: { token: string; pinPrefix: string; pin: string; password: string }): boolean {
    const found = this.pending.get(p.token)
    if (!found) return false
    if (found.expiresAt <= this.now()) {
      this.pending.delete(p.token)
      return false
    }
    if (found.pinPrefix !== p.pinPrefix || found.pin !== p.pin) return false
    this.pending.delete(p.token)
    found.account.password = p.password
    return true
  }

  /** The last message sent to an address (dev tools and tests only). */
  lastMailTo(email: string): RecoveryMail | undefined {
    const wanted = email.trim().toLowerCase()
    return this.mailbox.findLast((m) => m.to.toLowerCase() === wanted)
  }

  /** Calls `listener` with each message sent from now on; returns the unsubscribe. */
  onMail(listener: (mail: RecoveryMail) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Ends every pending recovery as if its time ran out (tests of the expired token). */
  expireAll(): void {
    for (const p of this.pending.values()) p.expiresAt = this.now()
  }
}
