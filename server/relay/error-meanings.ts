import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Meaning } from '../../src/api/upstream/operation-kit'
import { problem } from './problem'
import type { OperationResult } from './upstream'

/**
 * What each documented error of the service means to a person, in one table: the status the
 * browser gets (which decides whether the store offers a retry: only 5xx, 504 and 429 do) and
 * the words it shows. The service's own English `title`/`detail` never reaches the browser; the
 * `code` lets a screen act on the meaning (e.g. "order not found" has no retry button).
 * Which upstream answer has which meaning is in src/api/upstream/operations.ts.
 */
export const MEANINGS: Record<Meaning, { status: ContentfulStatusCode; detail: string }> = {
  invalid_credentials: { status: 401, detail: 'CPF/CNPJ ou senha incorretos.' },
  // The service refused the store's own client fields: a dialect or configuration problem, not
  // the person's; nothing they retype will help.
  login_client_rejected: {
    status: 502,
    detail: 'Não foi possível entrar agora: o serviço recusou o acesso da loja. Tente mais tarde.',
  },
  session_expired: { status: 401, detail: 'Sua sessão expirou. Entre novamente.' },
  order_not_found: {
    status: 404,
    detail:
      'Pedido não encontrado. Confira se o link está completo ou entre na sua conta para ver seus pedidos.',
  },
  link_rejected: { status: 404, detail: 'Link de unidade ou indicador não encontrado.' },
  company_not_found: { status: 404, detail: 'Esta loja não publicou os dados da empresa.' },
  erp_key_rejected: {
    status: 502,
    detail: 'A loja está com um problema de configuração. Tente novamente mais tarde.',
  },
  order_not_cancellable: {
    status: 409,
    detail: 'Este pedido não pode mais ser cancelado. Só pedidos que aguardam pagamento podem.',
  },
  cancel_refused: { status: 403, detail: 'O serviço não permitiu cancelar este pedido.' },
  order_rejected: {
    status: 422,
    detail: 'O serviço recusou os dados do pedido. Confira os campos e tente de novo.',
  },
  payment_already_done: { status: 409, detail: 'Este pedido já está pago.' },
  payment_declined: {
    status: 402,
    detail: 'O pagamento foi recusado. Confira os dados do cartão ou use outro cartão.',
  },
  card_invalid: {
    status: 422,
    detail: 'O serviço recusou os dados do cartão. Confira número, validade e código de segurança.',
  },
  order_not_payable: {
    status: 409,
    detail: 'Este pedido não pode mais ser pago. Veja a situação atualizada do pedido.',
  },
  // The processor gave up: the charge may have gone through. Never "try again" here: the buyer
  // must look at the order first (routes/order-payment.ts keeps the attempt's key as unknown).
  payment_timeout: {
    status: 504,
    detail:
      'O pagamento demorou demais para ser confirmado e pode ter sido cobrado. Confira a situação do pedido antes de pagar de novo.',
  },
  recovery_rejected: {
    status: 422,
    detail: 'Não foi possível pedir a recuperação de senha. Confira o CPF ou CNPJ e o e-mail.',
  },
  // One meaning for a wrong PIN, a wrong prefix and a spent or expired token: the service does
  // not tell them apart, and the relay gives the same words when the request had no account.
  recovery_pin_invalid: {
    status: 422,
    detail: 'PIN inválido ou expirado. Confira o código do e-mail mais recente ou peça um novo.',
  },
  rate_limited: {
    status: 429,
    detail: 'O serviço recebeu muitas tentativas. Aguarde um instante e tente de novo.',
  },
}

export const FAILURE_DETAIL = {
  502: 'O serviço de pedidos está indisponível no momento. Tente novamente em instantes.',
  504: 'O serviço de pedidos demorou demais para responder. Tente novamente.',
} as const

/** The status and pt-BR words for an answer that is not a success. */
export function meaningParts(result: Exclude<OperationResult, { kind: 'ok' }>): {
  status: ContentfulStatusCode
  detail: string
  code: string
} {
  if (result.kind === 'failure') {
    return {
      status: result.status,
      detail: FAILURE_DETAIL[result.status],
      code: result.status === 504 ? 'upstream_timeout' : 'upstream_unavailable',
    }
  }
  if (result.meaning) return { ...MEANINGS[result.meaning], code: result.meaning }
  // An error the docs do not describe: nothing the person can fix, and its text is the
  // service's own. Told as unavailable (logged by the upstream client with its status).
  return { status: 502, detail: FAILURE_DETAIL[502], code: 'upstream_error' }
}

/** Answers a non-success as the table says. */
export function meaningProblem(c: Context, result: Exclude<OperationResult, { kind: 'ok' }>) {
  const parts = meaningParts(result)
  return problem(c, parts.status, parts.detail, { code: parts.code })
}
