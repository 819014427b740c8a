import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Meaning } from '../../../common/contract/upstream/operation-kit'
import { problem } from '../http/problem'
import type { OperationResult } from './upstream'

/**
 * What each documented error of the service means to a person, in one table: the status the
 * browser gets (which decides whether the store offers a retry: only 5xx, 504 and 429 do) and
 * the words it shows. The service's own English `title`/`detail` never reaches the browser; the
 * `code` lets a screen act on the meaning (e.g. "order not found" has no retry button).
 * Which upstream answer has which meaning is in common/contract/upstream/operations.ts.
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
  not_a_partner: {
    status: 403,
    detail:
      'Esta conta não é de um parceiro indicador. Entre com a conta de parceiro para ver suas indicações.',
  },
  // Answered `{ available: false }` by routes/referrer-results.ts, never as this error.
  partner_reads_missing: {
    status: 404,
    detail: 'Este serviço não mostra indicações pela loja: veja-as no portal do parceiro.',
  },
  page_out_of_range: { status: 404, detail: 'Esta página da lista não existe mais.' },
  erp_key_rejected: {
    status: 502,
    detail: 'A loja está com um problema de configuração. Tente novamente mais tarde.',
  },
  order_not_cancellable: {
    status: 409,
    detail: 'Este pedido não pode mais ser cancelado. Só pedidos que aguardam pagamento podem.',
  },
  cancel_refused: { status: 403, detail: 'O serviço não permitiu cancelar este pedido.' },
  // About the order's own access token, not the session: the person stays logged in.
  cancel_token_rejected: {
    status: 403,
    detail:
      'O serviço não reconheceu o acesso a este pedido e não o cancelou. Você continua conectado; para cancelar, fale com a loja.',
  },
  order_rejected: {
    status: 422,
    detail: 'O serviço recusou os dados do pedido. Confira os campos e tente de novo.',
  },
  payment_already_done: { status: 409, detail: 'Este pedido já está pago.' },
  payment_declined: {
    status: 402,
    detail: 'O pagamento foi recusado. Confira os dados do cartão ou use outro cartão.',
  },
  // The processor's refusals (common/contract/upstream/processor-errors.ts): what the buyer can do next.
  card_insufficient_funds: {
    status: 402,
    detail:
      'O pagamento foi recusado por saldo ou limite insuficiente no cartão. Use outro cartão ou fale com o seu banco.',
  },
  card_limit_exceeded: {
    status: 402,
    detail:
      'O cartão atingiu o limite de compras que o banco permite neste período. Use outro cartão ou tente mais tarde.',
  },
  card_expired: {
    status: 422,
    detail: 'O banco informou que este cartão está vencido. Use outro cartão.',
  },
  card_number_invalid: {
    status: 422,
    detail: 'O número do cartão não foi aceito. Confira os dígitos ou use outro cartão.',
  },
  card_expiry_invalid: {
    status: 422,
    detail: 'A validade do cartão não foi aceita. Confira o mês e o ano.',
  },
  card_security_code_invalid: {
    status: 422,
    detail: 'O código de segurança (CVV) não confere. Digite-o de novo.',
  },
  card_contact_bank: {
    status: 402,
    detail: 'O banco emissor não autorizou esta compra. Fale com o seu banco ou use outro cartão.',
  },
  card_try_again: {
    status: 402,
    detail:
      'O banco não autorizou o pagamento desta vez. Tente de novo em instantes; se continuar, use outro cartão.',
  },
  // Not the buyer's card: the store's account with the processor. The card form adds the
  // store's contact; the route logs it for the operator.
  card_store_refused: {
    status: 502,
    detail:
      'Esta loja não está conseguindo receber pagamentos com cartão agora, e o problema não é o seu cartão. Você pode fazer um novo pedido com boleto ou falar com a loja.',
  },
  // Like a timeout: never "declined", never retried on its key (routes/card-payment.ts).
  payment_maybe_charged: {
    status: 409,
    detail:
      'Este pagamento já tinha sido enviado e pode ter sido cobrado. Confira a situação do pedido antes de pagar de novo.',
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
  // must look at the order first (routes/card-payment.ts keeps the attempt's key as unknown).
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
  // "Código", as the e-mail and every line of the reset screen call it, never "PIN".
  recovery_pin_invalid: {
    status: 422,
    detail: 'Código inválido ou expirado. Confira o e-mail mais recente ou peça um novo código.',
  },
  // The service refused the new password itself: the PIN was not judged, nothing to ask again.
  recovery_password_rejected: {
    status: 422,
    detail:
      'O serviço não aceitou esta nova senha. Escolha outra: o código do e-mail continua valendo.',
  },
  rate_limited: {
    status: 429,
    detail: 'O serviço recebeu muitas tentativas. Aguarde um instante e tente de novo.',
  },
}

/**
 * Meanings about one field of a form, and the words next to it: the card form's (paths as the
 * relay's card body names them) and the new password's.
 */
export const MEANING_FIELDS: Partial<Record<Meaning, { path: string; message: string }>> = {
  card_expired: { path: 'expirationMonth', message: 'O banco informou que o cartão está vencido.' },
  card_number_invalid: { path: 'cardNumber', message: 'Número não aceito. Confira os dígitos.' },
  card_expiry_invalid: { path: 'expirationMonth', message: 'Validade não aceita. Confira.' },
  card_security_code_invalid: {
    path: 'securityCode',
    message: 'Código não confere. Digite de novo.',
  },
  recovery_password_rejected: {
    path: 'password',
    message: 'O serviço não aceitou esta senha. Escolha outra.',
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
