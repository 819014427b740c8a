/**
 * UI strings of the order page and the customer account (login, history, cancel, password
 * recovery), in pt-BR. Part of the store's one string catalog with `pt-br.ts`.
 */
export const tAccount = {
  order: {
    title: (code: string) => `Pedido ${code}`,
    loading: 'Carregando pedido…',
    placedAt: (when: string) => `Feito em ${when}`,
    justCreatedTitle: 'Pedido recebido!',
    justCreated:
      'Guarde o link desta página: por ele você acompanha o pagamento, baixa os boletos e agenda a validação.',
    /** On the public order page, whose header has the buttons that send the link. */
    justCreatedSend:
      'Para não perdê-lo, use “Enviar para meu WhatsApp” ou “Enviar para meu e-mail”, acima.',
    copyLink: 'Copiar link do pedido',
    linkCopied: 'Link copiado',
    copyFailed: 'Não foi possível copiar automaticamente. Selecione e copie o endereço abaixo:',
    linkLabel: 'Link do pedido',
    items: 'Itens',
    quantity: (n: number) => `Quantidade: ${n}`,
    unitPrice: (price: string) => `${price} cada`,
    lineTotal: 'Subtotal do item',
    summary: 'Resumo',
    subtotal: 'Subtotal',
    discount: 'Desconto',
    total: 'Total',
    payment: 'Pagamento',
    paymentOption: 'Forma de pagamento',
    rules: 'Condições de parcelamento',
    installments: 'Parcelas',
    installmentOf: (n: number, total: number) => `Parcela ${n} de ${total}`,
    dueDate: 'Vencimento',
    amount: 'Valor',
    amountPaid: 'Valor pago',
    installmentStatus: 'Situação',
    noInstallments: 'Nenhuma cobrança gerada para este pedido.',
    documents: 'Boletos e documentos',
    download: (name: string) => `Baixar ${name}`,
    downloadHint: '(PDF, abre em nova aba)',
    unsafeDocument: (name: string) => `${name}: link indisponível. Fale com a loja.`,
    /** A boleto's digitable line, when the service sends one (order-documents.tsx). */
    /** Of one boleto among several: its installment, or the file's name when none is known. */
    digitableLine: (of: number | string | null) =>
      of === null
        ? 'Linha digitável'
        : typeof of === 'number'
          ? `Linha digitável da parcela ${of}`
          : `Linha digitável: ${of}`,
    copyDigitableLine: (of: number | string | null) =>
      of === null
        ? 'Copiar linha digitável'
        : typeof of === 'number'
          ? `Copiar linha digitável da parcela ${of}`
          : `Copiar linha digitável: ${of}`,
    digitableLineCopied: 'Linha digitável copiada',
    digitableLineCopyFailed:
      'Não foi possível copiar automaticamente. Selecione e copie a linha digitável abaixo:',
    digitableLineHint: 'Cole no app do seu banco, em “Pagar boleto”, ou digite os números.',
    /** An open boleto on its last payable day, or past it (erp/guias/venda.md: the store reissues). */
    dueToday: (installment: number | null) =>
      `Vence hoje${installment === null ? '' : ` (parcela ${installment})`}: pague até o fim do expediente bancário, no app, no internet banking ou numa agência do seu banco. Cada banco tem o seu horário limite; passou dele, peça um boleto novo à loja.`,
    dueOverdue: (installment: number | null, date: string) =>
      `Venceu em ${date}${installment === null ? '' : ` (parcela ${installment})`}: peça à loja um boleto novo, com outra data de vencimento. O vencido pode ser recusado pelo banco ou cobrar multa e juros.`,
    customer: (name: string) => `Comprador: ${name}`,
    notFoundTitle: 'Pedido não encontrado',
    notFound:
      'Não encontramos um pedido com este link. Confira se o endereço foi copiado inteiro, até o fim.',
    /** The not-found page speaks to a guest (who has only the link) and an account holder alike. */
    notFoundGuest:
      'Comprou sem conta? O link do pedido é o endereço da página que abriu ao concluir a compra: procure-o onde o guardou, como no seu WhatsApp ou e-mail.',
    notFoundAccount: 'Tem conta na loja? Entre nela para ver todos os seus pedidos.',
    notFoundContact:
      'Não encontrou o link? Fale com a loja e diga o código do pedido, se o tiver (como VT-7K2M-9QXR).',
    loadError: 'Não foi possível carregar o pedido.',
    goToAccount: 'Ver meus pedidos',
    backToStore: 'Voltar para a loja',
    backToHistory: 'Voltar para meus pedidos',
  },
  /**
   * The order as the service recorded it differs from what the buyer confirmed at checkout
   * (src/features/orders/recorded-plan-notice.tsx): the service's is what will be charged.
   */
  recordedPlan: {
    title: 'O pedido foi registrado com outro pagamento do que você confirmou',
    confirmed: 'Você confirmou',
    recorded: 'Registrado pela loja (vale este)',
    totalWas: (total: string) => `(em vez de ${total})`,
    truth:
      'O que vale é o registrado, mostrado nesta página: é o que será cobrado. Se não concordar, fale com a loja antes de pagar.',
    /** The plan line of the order's payment section. */
    plan: 'Plano de pagamento',
  },
  /** What the order is today (src/features/orders/order-truth.ts). */
  states: {
    cancelledTitle: 'Pedido cancelado',
    cancelled: 'Este pedido foi cancelado: não há nada a pagar e os boletos dele não valem mais.',
    cancelReason: (reason: string) => `Motivo informado: ${reason}`,
    cancelledHelp: 'Não reconhece este cancelamento ou quer comprar de novo? Fale com a loja.',
    paidTitle: 'Pedido pago',
    paidTotal: 'Total do pedido',
    paidAmount: 'Valor pago',
    paidMethod: 'Forma de pagamento',
    paidInstallments: 'Parcelas pagas',
    paidInstallmentsValue: (paid: number, total: number) => `${paid} de ${total}`,
    paidNext: 'Próximo passo: agende a validação da sua identidade para emitir o certificado.',
    overdueTitle: 'Boleto vencido',
    overdueItem: (n: number, date: string) =>
      `A parcela ${n} venceu em ${date} e não consta como paga.`,
    overdueHelp:
      'Um boleto vencido não é reemitido por aqui. Fale com a loja para receber um novo boleto ou combinar o pagamento; se você já pagou, a confirmação pode levar até 3 dias úteis.',
    overdueFlag: 'Vencido',
    businessDay: (date: string) =>
      `Vence em fim de semana ou feriado: pode ser pago até ${date}, o próximo dia útil, sem multa.`,
  },
  rule: {
    /** "1ª parcela de 2: R$ 159,90, vence na data do pedido" ("50% do total" without a total) */
    position: (n: number, total: number) =>
      total <= 1 ? 'Parcela única' : `${n}ª parcela de ${total}`,
    share: (percent: string) => `${percent} do total`,
    dueSameDay: 'vence na data do pedido',
    dueAfter: (days: number) =>
      days === 1 ? 'vence 1 dia após o pedido' : `vence ${days} dias após o pedido`,
  },
  scheduling: {
    title: 'Agende sua validação',
    intro: 'Para emitir o certificado, valide a sua identidade. Escolha como prefere fazer:',
    presencial: 'Agendar validação presencial',
    videoconferencia: 'Agendar validação por videoconferência',
    newTab: '(abre em nova aba)',
    helpAlt: 'Ajuda: como escolher entre a validação presencial e a por videoconferência',
  },
  /** The offline service's development actions (offline-service-actions.tsx), never live. */
  offlineDemo: {
    title: 'Demonstração: serviço offline',
    body: 'Esta loja roda sobre o serviço offline, com dados fictícios. Aqui você faz o que o banco e a loja fariam, e vê esta página se atualizar sozinha.',
    pay: 'Simular pagamento do boleto',
    invoice: 'Simular emissão da nota fiscal',
    working: 'Simulando…',
    waiting: 'Aguardando o serviço…',
    finished: 'Pronto: este pedido foi pago e sua nota fiscal emitida. Não há mais o que simular.',
    paid: 'Pagamento simulado: o serviço avisa a loja, e esta página se atualiza em instantes.',
    invoiced: 'Nota fiscal simulada: esta página se atualiza em instantes.',
    failed: 'Não foi possível simular agora.',
  },
  /** Said when an open order page changes by itself (features/orders/live-order.ts). */
  live: {
    paid: 'Pagamento confirmado agora. O pedido foi atualizado.',
    cancelled: 'Este pedido acaba de ser cancelado.',
    installmentPaid: 'Uma parcela deste pedido acaba de ser paga.',
    documents: 'Os documentos deste pedido foram atualizados.',
    updated: 'Este pedido acaba de ser atualizado.',
  },
  cancel: {
    action: 'Cancelar pedido',
    title: (code: string) => `Cancelar o pedido ${code}?`,
    body: 'Os boletos deste pedido deixarão de valer. Esta ação não pode ser desfeita.',
    reasonLabel: 'Motivo do cancelamento (opcional)',
    reasonHint: (left: number) => `${left} caracteres restantes`,
    confirm: 'Confirmar cancelamento',
    keep: 'Manter pedido',
    cancelling: 'Cancelando…',
    done: (code: string) => `Pedido ${code} cancelado.`,
    forbidden: 'O serviço não permitiu cancelar este pedido. Se precisar, fale com a loja.',
    notFound: 'Não encontramos este pedido na sua conta. Ele pode ter sido removido.',
    conflict: 'Este pedido não está mais aguardando pagamento e não pode ser cancelado.',
    /** Shown instead of the button while a card payment of the order may be going through. */
    chargeInDoubt:
      'Um pagamento com cartão deste pedido pode estar em andamento. Confira a situação do pagamento antes de cancelar.',
    /** Shown instead of the button: a settled installment must be reversed by the store first. */
    partlyPaid:
      'Este pedido já tem parcela paga e não pode ser cancelado pelo site. Para cancelar, fale com a loja: o valor pago precisa ser estornado antes.',
    /** The cancel's 403 "Invalid token" is the order's token: the session goes on. */
    tokenRejected:
      'O serviço não reconheceu o acesso a este pedido e não o cancelou. Você continua conectado; para cancelar, fale com a loja.',
    failed: 'Não foi possível cancelar o pedido.',
  },
  session: {
    expired: 'Sua sessão expirou. Entre novamente para continuar de onde parou.',
    required: 'Entre na sua conta para continuar.',
    // The store does not allow guest checkout (parameter `allowGuest`): checkout sent the buyer here.
    checkout: 'Para comprar nesta loja, entre com sua conta.',
    checking: 'Verificando sua sessão…',
  },
  login: {
    title: 'Entrar na sua conta',
    intro: 'Use o CPF ou CNPJ e a senha da sua conta para ver seus pedidos.',
    document: 'CPF ou CNPJ',
    password: 'Senha',
    showPassword: 'Mostrar senha',
    submit: 'Entrar',
    submitting: 'Entrando…',
    invalidCredentials: 'CPF/CNPJ ou senha incorretos. Confira e tente de novo.',
    tooMany:
      'Muitas tentativas de entrada. Aguarde alguns minutos e tente de novo, ou recupere sua senha.',
    forgot: 'Esqueci minha senha',
    welcome: 'Você entrou na sua conta.',
    introCheckout: 'Use o CPF ou CNPJ e a senha da sua conta. Seu carrinho continua guardado.',
    /** The service has no open sign-up: who can give the buyer an account. */
    noAccount: (company: string) => `Ainda não tem conta? Fale com ${company}`,
    /** No contact published (or no details): say so, and who else may give an account. */
    noAccountGeneric:
      'Ainda não tem conta? O cadastro não é feito pelo site, e esta loja não publicou telefone, WhatsApp nem e-mail aqui: peça o seu acesso a quem enviou o link da loja.',
  },
  form: {
    summaryTitle: (n: number) =>
      n === 1 ? 'Corrija 1 campo para continuar:' : `Corrija ${n} campos para continuar:`,
    documentRequired: 'Informe o CPF ou CNPJ.',
    documentInvalid: 'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).',
    passwordRequired: 'Informe a senha.',
    emailRequired: 'Informe o e-mail.',
    emailInvalid: 'E-mail inválido: use o formato nome@exemplo.com.br.',
  },
  history: {
    title: 'Meus pedidos',
    logout: 'Sair da conta',
    loggingOut: 'Saindo…',
    loggedOut: 'Você saiu da sua conta.',
    logoutFailed: 'Não foi possível sair da conta. Tente novamente.',
    loading: 'Carregando seus pedidos…',
    error: 'Não foi possível carregar seus pedidos.',
    incomplete:
      'Alguns pedidos não puderam ser carregados agora e não aparecem abaixo. Tente carregar de novo em instantes.',
    reload: 'Carregar de novo',
    filters: 'Filtrar pedidos',
    statusFilter: 'Situação do pagamento',
    allStatuses: 'Todas',
    search: 'Buscar por código ou produto',
    searchPlaceholder: 'Ex.: V2026-001001 ou e-CPF',
    searchingNames: 'Buscando também nos produtos dos pedidos…',
    nameSearchDepth: (n: number) =>
      `A busca por produto considera os ${n} pedidos mais recentes; um pedido mais antigo é encontrado pelo código.`,
    productsLoading: 'Carregando os produtos do pedido…',
    count: (shown: number, total: number) =>
      total === 0
        ? 'Nenhum pedido encontrado'
        : `${total} ${total === 1 ? 'pedido' : 'pedidos'}${shown < total ? `, mostrando ${shown}` : ''}`,
    empty: 'Você ainda não fez pedidos.',
    noMatch: 'Nenhum pedido corresponde à busca e ao filtro.',
    clear: 'Limpar busca e filtro',
    browse: 'Ver produtos',
    date: 'Data',
    pagination: 'Paginação dos pedidos',
    page: (n: number, total: number) => `Página ${n} de ${total}`,
    previous: 'Página anterior',
    next: 'Próxima página',
  },
  recovery: {
    title: 'Recuperar senha',
    intro:
      'Informe o CPF ou CNPJ e o e-mail da sua conta. Enviaremos as instruções para criar uma nova senha.',
    email: 'E-mail',
    submit: 'Enviar instruções',
    submitting: 'Enviando…',
    sentTitle: 'Pedido recebido',
    // The same words whether or not the CPF and e-mail are an account's: the store never says
    // which (server/relay/routes/password-recovery.ts).
    sent: 'Se o CPF ou CNPJ e o e-mail conferem com uma conta, você receberá um e-mail com o código para criar uma nova senha.',
    sentHint:
      'Não chegou em alguns minutos? Confira a caixa de spam e se o e-mail é o mesmo cadastrado na loja. Você pode pedir de novo mais tarde.',
    failed: 'Não foi possível solicitar a recuperação agora. Tente de novo em instantes.',
    tooMany: 'Muitas solicitações seguidas. Aguarde um minuto e tente de novo.',
    backToLogin: 'Voltar para o login',
    haveCode: 'Já recebi o código',
  },
  reset: {
    title: 'Criar nova senha',
    loading: 'Carregando…',
    intro: 'Digite o código que enviamos por e-mail e escolha a nova senha.',
    prefix: (prefix: string) => `Use o código que começa com ${prefix}-`,
    prefixHint: 'Se pediu mais de uma vez, use o e-mail mais recente.',
    pin: 'Código do e-mail',
    pinHint: (prefix: string) =>
      `Os números depois de ${prefix}-. Espaços e letras minúsculas não atrapalham.`,
    pinRequired: 'Informe o código do e-mail.',
    pinInvalid: 'Código inválido: use as letras e os números do e-mail.',
    password: 'Nova senha',
    confirm: 'Repita a nova senha',
    confirmRequired: 'Repita a nova senha.',
    mismatch: 'As duas senhas não são iguais.',
    showPassword: 'Mostrar senhas',
    rulesTitle: 'A nova senha precisa ter:',
    rules: {
      length: 'de 8 a 64 caracteres',
      lower: 'uma letra minúscula (a–z)',
      upper: 'uma letra maiúscula (A–Z)',
      digit: 'um número (0–9)',
    },
    ruleError: {
      length: 'A senha deve ter de 8 a 64 caracteres.',
      lower: 'A senha deve ter ao menos uma letra minúscula (a–z).',
      upper: 'A senha deve ter ao menos uma letra maiúscula (A–Z).',
      digit: 'A senha deve ter ao menos um número (0–9).',
    },
    submit: 'Salvar nova senha',
    submitting: 'Salvando…',
    /** This browser holds no recovery: most often the code was asked on another device. */
    elsewhereTitle: 'Pediu o código em outro aparelho ou navegador?',
    elsewhere:
      'Sem problema: informe o CPF ou CNPJ e o e-mail usados no pedido, o código que chegou por e-mail e a nova senha.',
    elsewhereEmail: 'E-mail usado no pedido',
    pinHintWhole:
      'O código inteiro, como aparece no e-mail mais recente. Espaços e letras minúsculas não atrapalham.',
    noCodeYet: 'Ainda não pediu um código?',
    askFirst: 'Pedir um código',
    askAgain: 'Pedir um novo código',
    failed: 'Não foi possível salvar a nova senha agora. Tente de novo em instantes.',
    done: 'Senha alterada. Entre com a nova senha. Por segurança, encerramos as sessões abertas da sua conta.',
  },
} as const
