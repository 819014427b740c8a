import { http, HttpResponse } from 'msw'
import { operations } from '../../common/contract/upstream/operations'
import { cardNumberProblem } from '../../common/rules/card-rules'
import { onlyDigits } from '../../common/rules/masks'
import {
  PROBLEM_TYPE,
  badRequest,
  findTenant,
  forbidden,
  notFound,
  readJson,
  say,
  unknownOrigin,
  type HandlerContext,
} from './context'

/**
 * The "magic" numbers of api/payment_tests.md. Every other number that passes Luhn is approved,
 * as a sandbox does (the docs' approved list included).
 */
export const TEST_CARDS = {
  approved: '4539003370725497',
  approvedMastercard: '5356066320271893',
  declined: '4929710426637678',
  declinedDiscover: '6011457819940087',
  timeout: '4710426743216178',
} as const

const DECLINED = new Set<string>([TEST_CARDS.declined, TEST_CARDS.declinedDiscover])

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  402: 'Payment Required',
  408: 'Request Timeout',
}

/**
 * A refusal in the payment processor's shape (api/codigos_de_erro.md): `status`, `status_code`,
 * `type`, `category` and a `message` for people, and nothing of the service's envelope. The docs
 * do not show how the service passes it on; the offline service sends it as the processor
 * writes it, the shape the relay must read (common/contract/upstream/processor-errors.ts).
 */
function processorError(status: number, type: string, category: string, message: string) {
  return HttpResponse.json(
    { status: REASONS[status] ?? 'Error', status_code: status, type, category, message },
    { status },
  )
}

/**
 * Operation 12, `PATCH /order/checkout?t=…` (api/public/payment_checkout/checkout_credit_card.md).
 * The spec does not have it; the offline service answers it in both dialects anyway, so the
 * store's card payment works offline whichever dialect it runs (the spec dialect in pt-BR).
 */
export function orderCheckoutHandlers(ctx: HandlerContext) {
  const { model } = ctx
  const docs = ctx.dialect === 'docs'

  return [
    http.patch(`${model.baseUrl}${operations.payOrder.route}`, async ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const token = new URL(request.url).searchParams.get('t') ?? ''
      const order = model.orderByPublicToken(tenant, token)
      if (!order) {
        return docs ? forbidden('Forbidden (Invalid token)') : notFound('Pedido não encontrado.')
      }
      const status = order.detail.statusPayment
      if (status !== 'PENDENTE' || order.cancelled) {
        return badRequest(
          `Fail to start checkout, payment cannot executed when status = '${order.cancelled ? 'CANCELADO' : String(status)}'`,
        )
      }
      const body = (await readJson(request)) as { cardData?: Record<string, unknown> } | null
      const card = body?.cardData
      const fields = [
        'holderName',
        'expirationMonth',
        'expirationYear',
        'securityCode',
        'cardNumber',
      ]
      if (!card || fields.some((f) => typeof card[f] !== 'string' || card[f] === '')) {
        return processorError(
          400,
          'invalid_request_error',
          'missing_required_param',
          say(
            ctx,
            'Dados do cartão incompletos.',
            'Missing required parameter(s). Please verify request parameters.',
          ),
        )
      }
      const number = onlyDigits(String(card.cardNumber))
      if (DECLINED.has(number)) {
        return processorError(
          402,
          'card_error',
          'card_declined',
          say(ctx, 'Transação recusada.', 'The card was declined.'),
        )
      }
      if (number === TEST_CARDS.timeout) {
        return processorError(
          408,
          'invalid_request_error',
          'service_request_timeout',
          'Credit card process is temporarily unavailable at the specified location.',
        )
      }
      if (cardNumberProblem(number) !== null) {
        return processorError(
          402,
          'card_error',
          'invalid_card_number',
          'The card number is not a valid credit card number.',
        )
      }
      const month = Number(card.expirationMonth)
      const year = Number(card.expirationYear)
      const now = new Date()
      if (
        !(month >= 1 && month <= 12) ||
        year < now.getUTCFullYear() ||
        (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
      ) {
        return processorError(
          402,
          'card_error',
          'expired_card_error',
          'The credit card has expired.',
        )
      }
      // Concluded, every installment settled, and the store told (model.markPaid).
      model.markPaid(order)
      return HttpResponse.json({
        data: [],
        code: '',
        publicToken: order.publicToken,
        type: PROBLEM_TYPE,
        title: 'Unknown',
        status: 200,
        detail: 'ok',
      })
    }),
  ]
}
