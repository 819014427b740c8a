import * as z from 'zod/mini'
import { versionedRecord } from '../../lib/versioned-storage'
import { CHECKOUT_DRAFT_STORAGE_KEY } from '../../state/personal-data'
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from './checkout-form-schema'

/**
 * The half-filled checkout lives in sessionStorage (never localStorage: it holds a CPF and an
 * address, which must not outlive the tab), with the Idempotency-Key of the current attempt.
 * A reload, a failed submit or a trip to the login page loses nothing; the order clears it.
 */

const draftSchema = z.object({
  values: z.object({
    document: z.string(),
    name: z.string(),
    email: z.string(),
    cellphone: z.string(),
    phone: z.string(),
    zipCode: z.string(),
    state: z.string(),
    city: z.string(),
    address: z.string(),
    number: z.string(),
    addressDetail: z.string(),
    neighborhood: z.string(),
    stateRegistration: z.string(),
    // Added after drafts were first saved: a draft from before reads as unchecked.
    stateRegistrationExempt: z.optional(z.boolean()),
    noNumber: z.optional(z.boolean()),
    negotiationType: z.string(),
    // Drafts saved while an option's count could be chosen carry one: read and dropped (the
    // option is the plan now).
    installments: z.optional(z.string()),
    acceptTerms: z.boolean(),
  }),
  /** Key of the attempt, minted once and reused while the payload stays the same. */
  idempotencyKey: z.nullable(z.string()),
  /**
   * The payload last sent with that key: a changed payload needs a new key. One sent before
   * the count left the payload is read without it, so retrying that attempt keeps its key (the
   * relay, which never forwards a count, fingerprints it the same way).
   */
  sentPayload: z.pipe(z.nullable(z.string()), z.transform(withoutInstallmentCount)),
})

function withoutInstallmentCount(sent: string | null): string | null {
  if (sent === null || !sent.includes('"installments"')) return sent
  try {
    const { installments: _count, ...rest } = JSON.parse(sent) as Record<string, unknown>
    return JSON.stringify(rest)
  } catch {
    return sent
  }
}
type Draft = z.output<typeof draftSchema>

export const DRAFT_STORAGE_KEY = CHECKOUT_DRAFT_STORAGE_KEY
const record = versionedRecord(() => globalThis.sessionStorage, DRAFT_STORAGE_KEY, 1, draftSchema)

function read(): Draft {
  return record.read() ?? { values: EMPTY_CHECKOUT_FORM, idempotencyKey: null, sentPayload: null }
}

function newKey(): string {
  return crypto.randomUUID()
}

export const checkoutDraft = {
  values(): CheckoutFormValues {
    const { stateRegistrationExempt, noNumber, installments: _count, ...rest } = read().values
    return {
      ...EMPTY_CHECKOUT_FORM,
      ...rest,
      stateRegistrationExempt: stateRegistrationExempt ?? false,
      noNumber: noNumber ?? false,
    }
  },
  saveValues(values: CheckoutFormValues) {
    record.write({ ...read(), values })
  },
  /**
   * The Idempotency-Key for sending `payload`: the same key as last time when the payload is
   * unchanged (double click, retry after a timeout, reload mid-submit), a new one otherwise.
   * Persisted before the request leaves, so a reload during submit reuses it.
   */
  keyFor(payload: string): string {
    const draft = read()
    if (draft.idempotencyKey && draft.sentPayload === payload) return draft.idempotencyKey
    const key = newKey()
    record.write({ ...draft, idempotencyKey: key, sentPayload: payload })
    return key
  },
  /**
   * A new Idempotency-Key for `payload` even when it is unchanged: the buyer chose to try again
   * although an earlier attempt may have made the order ("Tentar mesmo assim").
   */
  freshKeyFor(payload: string): string {
    const key = newKey()
    record.write({ ...read(), idempotencyKey: key, sentPayload: payload })
    return key
  },
  clear() {
    record.clear()
  },
}
