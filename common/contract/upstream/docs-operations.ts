import { recoverPasswordResultSchema } from '../schemas/auth'
import { envelopeSchema } from '../schemas/common'
import { companyDetailsSchema } from '../schemas/company-details'
import { indicationGainListSchema, indicationListSchema } from '../schemas/indication'
import { userInfoListSchema } from '../schemas/profile'
import { readProcessorRefusal } from './processor-errors'
import {
  BOTH,
  OK_200,
  pageQuery,
  type CardData,
  type ErrorRule,
  type Meaning,
  type Operation,
} from './operation-kit'

/** Apigility's 422 whose `validation_messages` name the new password and nothing else. */
function refusesPasswordOnly(status: number, body: unknown): Meaning | undefined {
  if (status !== 422) return undefined
  const fields = (body as { validation_messages?: unknown } | null)?.validation_messages
  if (!fields || typeof fields !== 'object') return undefined
  const names = Object.keys(fields)
  return names.length > 0 && names.every((n) => n === 'password')
    ? 'recovery_password_rejected'
    : undefined
}

/** The partner reads' answers besides success (listIndications, indicationGains). */
const PARTNER_READ_ERRORS: readonly ErrorRule[] = [
  { status: 401, meaning: 'session_expired' },
  { status: 403, meaning: 'not_a_partner' },
  { status: 404, meaning: 'partner_reads_missing' },
  { status: 409, match: /invalid page/i, meaning: 'page_out_of_range' },
]

/**
 * Operations only the service's public docs describe (the spec has none of them): finishing a
 * password reset, paying an order by card, the company's details, the account's own data, a
 * partner's leads and earnings. Part of the one list in operations.ts; kept apart because each
 * needs a word on how the store uses it in the spec's dialect too.
 */
export const docsOperations = {
  /**
   * 10b. Set a new password with the e-mailed PIN (api/public/password_recovery.md). Only the
   * docs have it; the spec documents no way to finish a recovery, so the store speaks the docs'
   * shape in both dialects (same `/user` path, `q` picks the action). Its one documented error,
   * 400 "Invalid recovery password pin/token", covers a wrong PIN, a wrong prefix and a dead
   * token alike. The docs document no refusal of the password itself; a 422 (Apigility's
   * failed validation) naming the password alone, or a 400 about the password and not the PIN
   * or token, is read as one (the offline service answers a weak password so, docs/dialects.md).
   */
  recoverPassword: {
    method: 'POST',
    route: '/user',
    auth: 'origin',
    dialects: BOTH,
    request: (
      _dialect,
      p: { password: string; pinPrefix: string; pin: string; token: string },
    ) => ({
      path: '/user',
      query: { q: 'recovery-password' },
      body: { password: p.password, pinPrefix: p.pinPrefix, pin: p.pin, token: p.token },
    }),
    ok: { spec: [202, 200], docs: [202, 200] },
    success: recoverPasswordResultSchema,
    errors: [
      { status: 400, match: /pin|token/i, meaning: 'recovery_pin_invalid' },
      { status: 400, match: /password|senha/i, meaning: 'recovery_password_rejected' },
      { status: 400, meaning: 'recovery_pin_invalid' },
      { read: refusesPasswordOnly },
    ],
  } satisfies Operation<{ password: string; pinPrefix: string; pin: string; token: string }>,

  /**
   * 12. docs only (api/public/payment_checkout/checkout_credit_card.md): pay an order by card
   * with its public token. The body carries the card as the docs show it and nothing else: the
   * installments were fixed when the order was made. A refusal in the card processor's shape
   * (api/codigos_de_erro.md: `category`, acquirer codes; api/payment_tests.md: `card_declined`,
   * `service_request_timeout`) is read first (processor-errors.ts); the service's own envelope
   * after it.
   */
  payOrder: {
    method: 'PATCH',
    route: '/order/checkout',
    auth: 'origin',
    dialects: ['docs'],
    request: (_dialect, p: { token: string; card: CardData }) => ({
      path: '/order/checkout',
      query: { t: p.token },
      body: { cardData: p.card },
    }),
    ok: OK_200,
    success: envelopeSchema,
    errors: [
      { status: 400, match: /CONCLUIDO/, meaning: 'payment_already_done' },
      { status: 400, match: /cannot execute/i, meaning: 'order_not_payable' },
      { read: (status, body) => readProcessorRefusal(status, body)?.meaning },
      { status: 400, meaning: 'card_invalid' },
      { status: 402, meaning: 'payment_declined' },
      { status: 408, meaning: 'payment_timeout' },
      { status: 403, meaning: 'order_not_found' },
      { status: 404, meaning: 'order_not_found' },
    ],
  } satisfies Operation<{ token: string; card: CardData }>,

  /**
   * docs only (api/public/business_details_token.md): the store's company details, for the
   * footer. `p` must be present and empty. The spec has no such operation; the relay asks in
   * either dialect (the offline service answers both) and the footer goes without it on error.
   */
  companyDetails: {
    method: 'GET',
    route: '/order/info',
    auth: 'origin',
    dialects: BOTH,
    request: () => ({ path: '/order/info', query: { q: 'data', p: '', t: 'company' } }),
    ok: OK_200,
    success: companyDetailsSchema,
    // Not in the docs, which show the 200 alone: what the offline service answers for a store
    // without details, and what a service without the read (the spec's) answers a path it lacks.
    errors: [{ status: 404, meaning: 'company_not_found' }],
  } satisfies Operation,

  /**
   * docs only (api/private/list_user_info.md): the bearer's own account, to fill the checkout
   * (`GET /api/account/profile`). The docs filter by the user's id (`filter[0][field]=id&
   * filter[0][type]=eq&filter[0][value]=…`), an id the store never learns (the password grant
   * answers tokens only), so it asks with the bearer alone and the relay keeps only the entry
   * whose document is the session's. The docs document 401 alone: a 403 is not read as a dead
   * token (a scope the store lacks must not log the person out at checkout). The spec has no
   * such read: there, and where this read fails or does not hold the account (a service
   * without it answers 404 or 405), the relay fills the checkout from the account's latest
   * order instead. A HAL collection that may page (`?page=N` past page 1), read until the entry is found.
   */
  userInfo: {
    method: 'GET',
    route: '/user',
    auth: 'bearer',
    dialects: ['docs'],
    request: (_dialect, p: { page?: number } | undefined) => ({
      path: '/user',
      query: pageQuery(p?.page),
    }),
    ok: OK_200,
    success: userInfoListSchema,
    errors: [{ status: 401, meaning: 'session_expired' }],
  } satisfies Operation<{ page?: number } | undefined>,

  /**
   * docs only (api/private/list_indications.md): the people the logged-in partner referred,
   * a HAL collection paged like `GET /order`. Read with the bearer only, one page at a time, as
   * the partner turns them (GET /api/referrer/results). The docs document the 401; a 403 is
   * the scope the docs show on the same resource ("Forbidden (indicator scope)",
   * api/private/remover-indicacao.md): an account that is no partner, not a dead session. A
   * 404 is a service without the read (the spec has none). Its `POST` (create_indication.md)
   * is never used by the store: docs/dialects.md says why.
   */
  listIndications: {
    method: 'GET',
    route: '/user-indication',
    auth: 'bearer',
    dialects: ['docs'],
    request: (_dialect, p: { page?: number } | undefined) => ({
      path: '/user-indication',
      query: pageQuery(p?.page),
    }),
    ok: OK_200,
    success: indicationListSchema,
    errors: PARTNER_READ_ERRORS,
  } satisfies Operation<{ page?: number } | undefined>,

  /**
   * docs only (api/private/indication_profit.md): what referring earned the partner, "em cada
   * produto". The docs show an empty list and no entry: each entry is read leniently
   * (schemas/indication.ts `readEarning`, docs/dialects.md). A HAL collection: every page read.
   */
  indicationGains: {
    method: 'GET',
    route: '/user-indication-gain',
    auth: 'bearer',
    dialects: ['docs'],
    request: (_dialect, p: { page?: number } | undefined) => ({
      path: '/user-indication-gain',
      query: pageQuery(p?.page),
    }),
    ok: OK_200,
    success: indicationGainListSchema,
    errors: PARTNER_READ_ERRORS,
  } satisfies Operation<{ page?: number } | undefined>,
} as const
