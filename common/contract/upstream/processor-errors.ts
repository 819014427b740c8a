import type { Meaning } from './operation-kit'

/**
 * The card processor's refusals (api/codigos_de_erro.md): a body with `status`, `status_code`,
 * `type`, `category` and `message`, and the acquirer's return codes 101–175 ("Retorno da
 * adquirente"). The card payment (docs-operations.ts, `payOrder`) reads its errors here first;
 * the pt-BR words of each meaning are in server/relay/upstream/error-meanings.ts.
 *
 * The docs do not say where the service puts the processor's body, nor which field carries the
 * acquirer's code, so this reads it where it can be: at the top level, under `error`, or as the
 * `detail` of the service's own envelope (an object, or JSON text); the code from `code`,
 * `return_code` or `response_code`, and only when it is one the docs list.
 */

/** Each documented `category` (api/codigos_de_erro.md) and `card_declined` (api/payment_tests.md). */
export const PROCESSOR_CATEGORIES: Readonly<Record<string, Meaning>> = {
  // card_error: the buyer's card.
  insufficient_funds_error: 'card_insufficient_funds',
  expired_card_error: 'card_expired',
  invalid_card_number: 'card_number_invalid',
  invalid_expiry_month: 'card_expiry_invalid',
  invalid_expiry_year: 'card_expiry_invalid',
  card_customer_not_associated: 'card_contact_bank',
  // A PIN is never typed online: the bank refused the card, only the bank can say why.
  invalid_pin_code: 'card_contact_bank',
  authorization_refused: 'card_contact_bank',
  card_declined: 'payment_declined',
  // invalid_request_error about what was sent: the card form's data.
  missing_required_param: 'card_invalid',
  invalid_parameter: 'card_invalid',
  invalid_payment_information: 'card_invalid',
  service_request_timeout: 'payment_timeout',
  // The store's own account with the processor: nothing the buyer can fix with another card.
  seller_authorization_refused: 'card_store_refused',
  authentication_failed: 'card_store_refused',
  expired_security_key: 'card_store_refused',
  invalid_key_for_api_call: 'card_store_refused',
  endpoint_not_found: 'card_store_refused',
  duplicate_taxpayer_id: 'card_store_refused',
  transaction_amount_error: 'card_store_refused',
  transfer_amount_error: 'card_store_refused',
  unsupported_payment_type: 'card_store_refused',
  file_size_too_large: 'card_store_refused',
  insufficient_escrow_funds_error: 'card_store_refused',
  capture_transaction_error: 'card_store_refused',
  no_action_taken: 'card_store_refused',
  void_transaction_error: 'card_store_refused',
  // server_api_error comes with a 500: a failure, whose charge may have happened
  // (server/relay/routes/card-payment.ts), never read as a refusal.
}

/** Each acquirer return code the docs list (api/codigos_de_erro.md, "Retorno da adquirente"). */
export const ACQUIRER_CODES: Readonly<Record<number, Meaning>> = {
  101: 'card_contact_bank', // problems on the card, contact the issuer
  102: 'card_store_refused', // check the situation of the store with the issuer
  103: 'card_try_again',
  104: 'card_try_again',
  105: 'card_contact_bank', // restricted card
  106: 'card_try_again', // error in issuer processing, please try again
  107: 'card_try_again',
  108: 'payment_declined', // value not allowed for this type of card
  109: 'card_number_invalid', // nonexistent card
  110: 'payment_declined', // transaction type not allowed for this card
  111: 'card_insufficient_funds',
  112: 'card_expired',
  113: 'card_contact_bank', // moderate risk identified by the issuer
  114: 'payment_declined', // the card does not belong to the payment network
  115: 'card_limit_exceeded', // limit of transactions allowed in the period
  116: 'card_contact_bank',
  117: 'payment_declined', // transaction not found
  118: 'card_contact_bank', // card locked
  119: 'card_security_code_invalid',
  120: 'payment_declined', // a zero-value check's success, where a charge was asked
  121: 'card_try_again',
  // Sent before, or already captured: this attempt may have charged. Never "declined".
  122: 'payment_maybe_charged',
  123: 'card_contact_bank', // the holder asked the issuer to end recurring charges
  124: 'card_store_refused', // "contact Rede": the acquirer wants the store
  170: 'payment_declined',
  172: 'payment_maybe_charged',
  174: 'payment_declined',
  175: 'payment_declined',
}

/** What a refusal said, as far as it can be logged: never its message, never a stray number. */
export interface ProcessorRefusal {
  meaning: Meaning
  /** The category as sent when it reads as one (letters and `_`), else null. */
  category: string | null
  /** A documented acquirer code, else null (an unknown number may be an echoed CVV). */
  code: number | null
  /** False when neither the category nor the code is in the docs: told as a generic refusal. */
  known: boolean
}

const CATEGORY_WORD = /^[a-z][a-z_]{0,63}$/
const PROCESSOR_TYPES = new Set([
  'card_error',
  'invalid_request_error',
  'processing_error',
  'file_upload',
])
const CODE_FIELDS = ['code', 'return_code', 'response_code'] as const
const MAX_NESTED_TEXT = 8192

/** A meaning of the table's own keys only (a word like `constructor` is no category). */
function lookup<K extends string | number>(table: Readonly<Record<K, Meaning>>, key: K) {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

/** The object that holds the processor's fields, wherever the service put it. */
function processorBody(body: unknown): Record<string, unknown> | null {
  const top = asObject(body)
  if (!top) return null
  const candidates: unknown[] = [top, top.error]
  if (typeof top.detail === 'string' && top.detail.length <= MAX_NESTED_TEXT) {
    const text = top.detail.trim()
    if (text.startsWith('{')) {
      try {
        candidates.push(JSON.parse(text))
      } catch {
        // Plain words, not a nested body.
      }
    }
  } else {
    candidates.push(top.detail)
  }
  for (const candidate of candidates) {
    const found = asObject(candidate)
    if (!found) continue
    if (
      typeof found.category === 'string' ||
      (typeof found.type === 'string' && PROCESSOR_TYPES.has(found.type)) ||
      CODE_FIELDS.some((f) => f !== 'code' && found[f] !== undefined)
    ) {
      return found
    }
  }
  return null
}

function documentedCode(found: Record<string, unknown>): number | null {
  for (const field of CODE_FIELDS) {
    const raw = found[field]
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN
    if (Number.isInteger(n) && lookup(ACQUIRER_CODES, n) !== undefined) return n
  }
  return null
}

/** A documented category named in the envelope's own words, as in "… (invalid_card_number)". */
function categoryInText(body: unknown): string | null {
  const envelope = asObject(body)
  if (!envelope) return null
  const text = `${String(envelope.title ?? '')} ${String(envelope.detail ?? '')}`
  for (const word of text.match(/[a-z_]{6,64}/g) ?? []) {
    if (lookup(PROCESSOR_CATEGORIES, word) !== undefined) return word
  }
  return null
}

function isEmpty(body: unknown): boolean {
  if (body === null || body === undefined || body === '') return true
  const object = asObject(body)
  return object !== null && Object.keys(object).length === 0
}

/**
 * The refusal a card payment's error answer carries, or null when it is not the processor's
 * (the service's own envelope: its rules in docs-operations.ts decide). The acquirer's code is
 * more precise than the category and wins; an unknown category is a generic refusal. A 400 or
 * 402 with no body at all is a generic refusal too: the card was not taken, and nothing says why.
 */
export function readProcessorRefusal(status: number, body: unknown): ProcessorRefusal | null {
  const found = processorBody(body)
  if (!found) {
    const named = categoryInText(body)
    const meaning = named === null ? undefined : lookup(PROCESSOR_CATEGORIES, named)
    if (meaning) return { meaning, category: named, code: null, known: true }
    if ((status === 400 || status === 402) && isEmpty(body)) {
      return { meaning: 'payment_declined', category: null, code: null, known: false }
    }
    return null
  }
  const raw = typeof found.category === 'string' ? found.category.trim() : ''
  const category = CATEGORY_WORD.test(raw) ? raw : null
  const code = documentedCode(found)
  const byCode = code === null ? undefined : lookup(ACQUIRER_CODES, code)
  if (byCode) return { meaning: byCode, category, code, known: true }
  const byCategory = category === null ? undefined : lookup(PROCESSOR_CATEGORIES, category)
  if (byCategory) return { meaning: byCategory, category, code: null, known: true }
  return { meaning: 'payment_declined', category, code: null, known: false }
}
