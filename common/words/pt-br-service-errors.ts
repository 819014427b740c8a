/**
 * What each documented error of the service says to a person, by its meaning (the meanings:
 * common/contract/upstream/operation-kit.ts; which answer has which meaning:
 * common/contract/upstream/operations.ts and, for the card processor's refusals,
 * processor-errors.ts). The relay answers with these words and its own status for each
 * (server/relay/upstream/error-meanings.ts); the service's own English `title`/`detail` never
 * reaches the browser.
 */
export const serviceErrorWords = {
  invalid_credentials: 'CPF/CNPJ ou senha incorretos.',
  // The service refused the store's own client fields: a dialect or configuration problem, not
  // the person's; nothing they retype will help.
  login_client_rejected:
    'Não foi possível entrar agora: o serviço recusou o acesso da loja. Tente mais tarde.',
  session_expired: 'Sua sessão expirou. Entre novamente.',
  order_not_found:
    'Pedido não encontrado. Confira se o link está completo ou entre na sua conta para ver seus pedidos.',
  link_rejected: 'Link de unidade ou indicador não encontrado.',
  company_not_found: 'Esta loja não publicou os dados da empresa.',
  not_a_partner:
    'Esta conta não é de um parceiro indicador. Entre com a conta de parceiro para ver suas indicações.',
  // Answered `{ available: false }` by routes/referrer-results.ts, never as this error.
  partner_reads_missing:
    'Este serviço não mostra indicações pela loja: veja-as no portal do parceiro.',
  page_out_of_range: 'Esta página da lista não existe mais.',
  erp_key_rejected: 'A loja está com um problema de configuração. Tente novamente mais tarde.',
  order_not_cancellable:
    'Este pedido não pode mais ser cancelado. Só pedidos que aguardam pagamento podem.',
  cancel_refused: 'O serviço não permitiu cancelar este pedido.',
  // About the order's own access token, not the session: the person stays logged in.
  cancel_token_rejected:
    'O serviço não reconheceu o acesso a este pedido e não o cancelou. Você continua conectado; para cancelar, fale com a loja.',
  order_rejected: 'O serviço recusou os dados do pedido. Confira os campos e tente de novo.',
  payment_already_done: 'Este pedido já está pago.',
  payment_declined: 'O pagamento foi recusado. Confira os dados do cartão ou use outro cartão.',
  // The processor's refusals (common/contract/upstream/processor-errors.ts): what the buyer can do next.
  card_insufficient_funds:
    'O pagamento foi recusado por saldo ou limite insuficiente no cartão. Use outro cartão ou fale com o seu banco.',
  card_limit_exceeded:
    'O cartão atingiu o limite de compras que o banco permite neste período. Use outro cartão ou tente mais tarde.',
  card_expired: 'O banco informou que este cartão está vencido. Use outro cartão.',
  card_number_invalid: 'O número do cartão não foi aceito. Confira os dígitos ou use outro cartão.',
  card_expiry_invalid: 'A validade do cartão não foi aceita. Confira o mês e o ano.',
  card_security_code_invalid: 'O código de segurança (CVV) não confere. Digite-o de novo.',
  card_contact_bank:
    'O banco emissor não autorizou esta compra. Fale com o seu banco ou use outro cartão.',
  card_try_again:
    'O banco não autorizou o pagamento desta vez. Tente de novo em instantes; se continuar, use outro cartão.',
  // Not the buyer's card: the store's account with the processor. The card form adds the
  // store's contact; the route logs it for the operator.
  card_store_refused:
    'Esta loja não está conseguindo receber pagamentos com cartão agora, e o problema não é o seu cartão. Você pode fazer um novo pedido com boleto ou falar com a loja.',
  // Like a timeout: never "declined", never retried on its key (routes/card-payment.ts).
  payment_maybe_charged:
    'Este pagamento já tinha sido enviado e pode ter sido cobrado. Confira a situação do pedido antes de pagar de novo.',
  card_invalid:
    'O serviço recusou os dados do cartão. Confira número, validade e código de segurança.',
  order_not_payable: 'Este pedido não pode mais ser pago. Veja a situação atualizada do pedido.',
  // The processor gave up: the charge may have gone through. Never "try again" here: the buyer
  // must look at the order first (routes/card-payment.ts keeps the attempt's key as unknown).
  payment_timeout:
    'O pagamento demorou demais para ser confirmado e pode ter sido cobrado. Confira a situação do pedido antes de pagar de novo.',
  recovery_rejected:
    'Não foi possível pedir a recuperação de senha. Confira o CPF ou CNPJ e o e-mail.',
  // One meaning for a wrong PIN, a wrong prefix and a spent or expired token: the service does
  // not tell them apart, and the relay gives the same words when the request had no account.
  // "Código", as the e-mail and every line of the reset screen call it, never "PIN".
  recovery_pin_invalid:
    'Código inválido ou expirado. Confira o e-mail mais recente ou peça um novo código.',
  // The service refused the new password itself: the PIN was not judged, nothing to ask again.
  recovery_password_rejected:
    'O serviço não aceitou esta nova senha. Escolha outra: o código do e-mail continua valendo.',
  rate_limited: 'O serviço recebeu muitas tentativas. Aguarde um instante e tente de novo.',
} as const

/** A meaning about one field of a form: the words beside the field (the card form, the new password). */
export const serviceFieldWords = {
  card_expired: 'O banco informou que o cartão está vencido.',
  card_number_invalid: 'Número não aceito. Confira os dígitos.',
  card_expiry_invalid: 'Validade não aceita. Confira.',
  card_security_code_invalid: 'Código não confere. Digite de novo.',
  recovery_password_rejected: 'O serviço não aceitou esta senha. Escolha outra.',
} as const

/** When the service fails or is too slow: no meaning of its own. */
export const serviceFailureWords = {
  502: 'O serviço de pedidos está indisponível no momento. Tente novamente em instantes.',
  504: 'O serviço de pedidos demorou demais para responder. Tente novamente.',
} as const
