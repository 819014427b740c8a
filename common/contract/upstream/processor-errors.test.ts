import { describe, expect, it } from 'vitest'
import { meaningOf } from './operation-kit'
import { operations } from './operations'
import { ACQUIRER_CODES, PROCESSOR_CATEGORIES, readProcessorRefusal } from './processor-errors'

/** A refusal as api/codigos_de_erro.md writes it. */
const processor = (status: number, type: string, category: string, extra: object = {}) => ({
  status: 'Payment Required',
  status_code: status,
  type,
  category,
  message: 'words for people, never read',
  ...extra,
})

/** What the card payment's rules make of an answer (docs-operations.ts, payOrder). */
const payMeaning = (status: number, body: unknown) =>
  meaningOf(operations.payOrder.errors, status, body)

/** api/codigos_de_erro.md's table (its 500 aside) and api/payment_tests.md's `card_declined`. */
const DOCS_ROWS: [number, string, string, string][] = [
  [402, 'card_error', 'insufficient_funds_error', 'card_insufficient_funds'],
  [402, 'card_error', 'expired_card_error', 'card_expired'],
  [402, 'card_error', 'invalid_card_number', 'card_number_invalid'],
  [402, 'card_error', 'invalid_expiry_month', 'card_expiry_invalid'],
  [402, 'card_error', 'invalid_expiry_year', 'card_expiry_invalid'],
  [402, 'card_error', 'card_customer_not_associated', 'card_contact_bank'],
  [402, 'card_error', 'invalid_pin_code', 'card_contact_bank'],
  [402, 'card_error', 'authorization_refused', 'card_contact_bank'],
  [402, 'card_error', 'card_declined', 'payment_declined'],
  [400, 'invalid_request_error', 'missing_required_param', 'card_invalid'],
  [400, 'invalid_request_error', 'invalid_parameter', 'card_invalid'],
  [400, 'invalid_request_error', 'invalid_payment_information', 'card_invalid'],
  [408, 'invalid_request_error', 'service_request_timeout', 'payment_timeout'],
  [402, 'invalid_request_error', 'seller_authorization_refused', 'card_store_refused'],
  [401, 'invalid_request_error', 'authentication_failed', 'card_store_refused'],
  [401, 'invalid_request_error', 'expired_security_key', 'card_store_refused'],
  [401, 'invalid_request_error', 'invalid_key_for_api_call', 'card_store_refused'],
  [404, 'invalid_request_error', 'endpoint_not_found', 'card_store_refused'],
  [409, 'invalid_request_error', 'duplicate_taxpayer_id', 'card_store_refused'],
  [400, 'invalid_request_error', 'transaction_amount_error', 'card_store_refused'],
  [400, 'invalid_request_error', 'transfer_amount_error', 'card_store_refused'],
  [400, 'invalid_request_error', 'unsupported_payment_type', 'card_store_refused'],
  [402, 'file_upload', 'file_size_too_large', 'card_store_refused'],
  [402, 'invalid_request_error', 'insufficient_escrow_funds_error', 'card_store_refused'],
  [402, 'invalid_request_error', 'capture_transaction_error', 'card_store_refused'],
  [402, 'invalid_request_error', 'no_action_taken', 'card_store_refused'],
  [402, 'invalid_request_error', 'void_transaction_error', 'card_store_refused'],
]

describe('card refusals in the processor’s shape (api/codigos_de_erro.md)', () => {
  // Every row of the docs' table, with the meaning the buyer is told.
  it.each(DOCS_ROWS)('%i %s / %s → %s', (status, type, category, meaning) => {
    const body = processor(status, type, category)
    expect(readProcessorRefusal(status, body)).toEqual({
      meaning,
      category,
      code: null,
      known: true,
    })
    expect(payMeaning(status, body)).toBe(meaning)
  })

  it('the table covers every category of the docs but the 500 (a failure, never a refusal)', () => {
    expect(Object.keys(PROCESSOR_CATEGORIES).sort()).toEqual(DOCS_ROWS.map((r) => r[2]).sort())
    expect(PROCESSOR_CATEGORIES).not.toHaveProperty('server_api_error')
  })

  // The acquirer's return codes: what the buyer can do about each.
  it.each([
    [101, 'card_contact_bank'],
    [102, 'card_store_refused'],
    [103, 'card_try_again'],
    [104, 'card_try_again'],
    [105, 'card_contact_bank'],
    [106, 'card_try_again'],
    [107, 'card_try_again'],
    [108, 'payment_declined'],
    [109, 'card_number_invalid'],
    [110, 'payment_declined'],
    [111, 'card_insufficient_funds'],
    [112, 'card_expired'],
    [113, 'card_contact_bank'],
    [114, 'payment_declined'],
    [115, 'card_limit_exceeded'],
    [116, 'card_contact_bank'],
    [117, 'payment_declined'],
    [118, 'card_contact_bank'],
    [119, 'card_security_code_invalid'],
    [120, 'payment_declined'],
    [121, 'card_try_again'],
    [122, 'payment_maybe_charged'],
    [123, 'card_contact_bank'],
    [124, 'card_store_refused'],
    [170, 'payment_declined'],
    [172, 'payment_maybe_charged'],
    [174, 'payment_declined'],
    [175, 'payment_declined'],
  ])('acquirer code %i → %s, over the category', (code, meaning) => {
    expect(ACQUIRER_CODES[code]).toBe(meaning)
    // The code is more precise than a generic category and wins over it.
    const body = processor(402, 'card_error', 'authorization_refused', { code })
    expect(readProcessorRefusal(402, body)).toMatchObject({ meaning, code, known: true })
    expect(payMeaning(402, body)).toBe(meaning)
  })

  it('reads the code from `return_code` or `response_code`, as a number or as text', () => {
    expect(readProcessorRefusal(402, { return_code: '111' })).toMatchObject({
      meaning: 'card_insufficient_funds',
      code: 111,
    })
    expect(
      readProcessorRefusal(
        402,
        processor(402, 'card_error', 'card_declined', { response_code: 115 }),
      ),
    ).toMatchObject({ meaning: 'card_limit_exceeded', code: 115 })
  })

  it('finds the processor’s body under `error`, or as the `detail` of the service’s envelope', () => {
    const inner = processor(402, 'card_error', 'insufficient_funds_error')
    for (const body of [
      { error: inner },
      { type: 'about:blank', title: 'Payment Required', status: 402, detail: inner },
      { title: 'Payment Required', status: 402, detail: JSON.stringify(inner) },
    ]) {
      expect(payMeaning(402, body)).toBe('card_insufficient_funds')
    }
    // A category named in the service's own words.
    expect(
      payMeaning(402, { title: 'Payment Required', detail: 'Declined (expired_card_error)' }),
    ).toBe('card_expired')
  })

  it('an unknown category is a generic refusal, marked unknown (to be logged)', () => {
    const body = processor(402, 'card_error', 'brand_new_category')
    expect(readProcessorRefusal(402, body)).toEqual({
      meaning: 'payment_declined',
      category: 'brand_new_category',
      code: null,
      known: false,
    })
    expect(payMeaning(402, body)).toBe('payment_declined')
    // At a status the service's rules do not know either.
    expect(payMeaning(422, processor(422, 'card_error', 'brand_new_category'))).toBe(
      'payment_declined',
    )
  })

  it('a 400 or 402 with no body is a generic refusal; other statuses are left to the rules', () => {
    for (const body of [null, '', {}]) {
      expect(readProcessorRefusal(402, body)).toMatchObject({
        meaning: 'payment_declined',
        known: false,
      })
      expect(payMeaning(400, body)).toBe('payment_declined')
    }
    expect(readProcessorRefusal(404, null)).toBeNull()
    expect(payMeaning(404, null)).toBe('order_not_found')
  })

  it('never takes a number it does not know, nor a category that is not a word, for logging', () => {
    // An echoed CVV in `code` and a card number as the category: neither is kept.
    const refusal = readProcessorRefusal(
      402,
      processor(402, 'card_error', '5577270004286630', { code: 846 }),
    )
    expect(refusal).toEqual({
      meaning: 'payment_declined',
      category: null,
      code: null,
      known: false,
    })
  })

  it('a word of Object’s prototype is no category', () => {
    expect(readProcessorRefusal(402, processor(402, 'card_error', 'constructor'))).toMatchObject({
      meaning: 'payment_declined',
      known: false,
    })
    expect(payMeaning(402, { title: 'x', detail: 'constructor __proto__' })).toBe(
      'payment_declined',
    )
  })

  it('the service’s own envelope is not the processor’s: its rules still decide', () => {
    const paid = {
      type: 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html',
      title: 'Bad Request',
      status: 400,
      detail: "Fail to start checkout, payment cannot executed when status = 'CONCLUIDO'",
    }
    expect(readProcessorRefusal(400, paid)).toBeNull()
    expect(payMeaning(400, paid)).toBe('payment_already_done')
    expect(payMeaning(403, { title: 'Forbidden', detail: 'Forbidden (Invalid token)' })).toBe(
      'order_not_found',
    )
  })
})
