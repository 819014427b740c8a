// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { checkoutDraft, DRAFT_STORAGE_KEY } from './checkout-draft'
import { EMPTY_CHECKOUT_FORM } from './checkout-form-schema'

describe('checkout draft', () => {
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.clear()
  })

  it('keeps what was typed in sessionStorage only, and clears it', () => {
    checkoutDraft.saveValues({
      ...EMPTY_CHECKOUT_FORM,
      name: 'Maria Santos',
      document: '529.982.247-25',
    })
    expect(checkoutDraft.values().name).toBe('Maria Santos')
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toContain('Maria Santos')
    expect(localStorage.length).toBe(0)
    checkoutDraft.clear()
    expect(checkoutDraft.values()).toEqual(EMPTY_CHECKOUT_FORM)
  })

  it('reuses the Idempotency-Key while the payload is the same, and mints a new one when it changes', () => {
    const first = checkoutDraft.keyFor('{"a":1}')
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(checkoutDraft.keyFor('{"a":1}')).toBe(first)
    const second = checkoutDraft.keyFor('{"a":2}')
    expect(second).not.toBe(first)
  })

  it('mints a new key for the same payload when the buyer chooses another attempt, and keeps that one', () => {
    const first = checkoutDraft.keyFor('{"a":1}')
    const chosen = checkoutDraft.freshKeyFor('{"a":1}')
    expect(chosen).not.toBe(first)
    expect(checkoutDraft.keyFor('{"a":1}')).toBe(chosen)
  })

  it('keeps the key across a reload (it is persisted before the request leaves)', () => {
    const key = checkoutDraft.keyFor('{"a":1}')
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}') as {
      data?: { idempotencyKey?: string }
    }
    expect(stored.data?.idempotencyKey).toBe(key)
  })

  it('a corrupt draft reads as empty instead of crashing', () => {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, '{oops')
    expect(checkoutDraft.values()).toEqual(EMPTY_CHECKOUT_FORM)
  })

  it('migrates a draft saved before the CNPJ and "Sem número" fields: nothing typed is lost', () => {
    const before = { ...EMPTY_CHECKOUT_FORM, name: 'Maria Santos', number: 'S/N' } as Record<
      string,
      unknown
    >
    delete before.noNumber
    delete before.stateRegistrationExempt
    sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        data: { values: before, idempotencyKey: null, sentPayload: null },
      }),
    )
    expect(checkoutDraft.values()).toEqual({
      ...EMPTY_CHECKOUT_FORM,
      name: 'Maria Santos',
      number: 'S/N',
      noNumber: false,
      stateRegistrationExempt: false,
    })
  })

  it('loads a draft saved while a count could be chosen in an option, and keeps its attempt’s key', () => {
    // The payload that attempt sent carried `installments`; the same order built now does not.
    const sentThen = JSON.stringify({
      user: { name: 'Maria' },
      negotiationType: 1,
      installments: 3,
    })
    const sentNow = JSON.stringify({ user: { name: 'Maria' }, negotiationType: 1 })
    sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        data: {
          values: {
            ...EMPTY_CHECKOUT_FORM,
            name: 'Maria Santos',
            negotiationType: '1',
            installments: '3',
          },
          idempotencyKey: 'chk_attempt-before-the-change',
          sentPayload: sentThen,
        },
      }),
    )
    const values = checkoutDraft.values()
    expect(values).toEqual({ ...EMPTY_CHECKOUT_FORM, name: 'Maria Santos', negotiationType: '1' })
    expect(values).not.toHaveProperty('installments')
    // A retry of that attempt is the same order: same key, never a second one.
    expect(checkoutDraft.keyFor(sentNow)).toBe('chk_attempt-before-the-change')
  })

  it('discards a draft of an unknown shape (old field names) and starts clean', () => {
    sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ version: 1, data: { values: { cpf: '52998224725' } } }),
    )
    expect(checkoutDraft.values()).toEqual(EMPTY_CHECKOUT_FORM)
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull()
  })
})
