/** Checkout strings (pt-BR): part of the store's string catalog, loaded with the checkout route. */
export const tCheckout = {
  title: 'Finalizar compra',
  customer: 'Seus dados',
  address: 'Endereço de cobrança',
  contact: 'Contato',
  payment: 'Pagamento',
  summary: 'Resumo do pedido',
  fields: {
    document: 'CPF ou CNPJ',
    name: 'Nome completo',
    companyName: 'Razão social',
    email: 'E-mail',
    cellphone: 'Celular',
    phone: 'Telefone fixo (opcional)',
    zipCode: 'CEP',
    state: 'UF',
    city: 'Cidade',
    address: 'Endereço',
    number: 'Número',
    noNumber: 'Sem número',
    addressDetail: 'Complemento (opcional)',
    neighborhood: 'Bairro',
    stateRegistration: 'Inscrição estadual',
    stateRegistrationExempt: 'Isento de inscrição estadual',
    negotiationType: 'Forma de pagamento',
    acceptTerms: 'Li e aceito os termos de compra',
  },
  hints: {
    document: 'CPF do titular do certificado, ou CNPJ da empresa.',
    documentCompany: (product: string) => `${product} é emitido para uma empresa: informe o CNPJ.`,
    documentPerson: (product: string) =>
      `${product} é emitido para uma pessoa: informe o CPF do titular.`,
    documentLocked: 'O documento da sua conta: o pedido fica no seu nome.',
    fromLatestOrder:
      'Preenchemos com os dados do seu último pedido: confira se continuam certos antes de confirmar.',
    cellphone: 'Com DDD. Usamos para avisos sobre o pedido.',
  },
  cep: {
    idle: 'Com o CEP, preenchemos o endereço.',
    findCep: 'Não sei meu CEP (abre o site dos Correios)',
    loading: 'Buscando o endereço deste CEP…',
    found: 'Endereço preenchido pelo CEP: confira e informe o número.',
    'city-wide': 'Este CEP vale para a cidade toda: informe a rua e o bairro.',
    cityWide: 'Cidade preenchida pelo CEP: informe a rua e o bairro.',
    'not-found': 'Não encontramos este CEP. Confira os números ou preencha o endereço abaixo.',
    unavailable: 'Não foi possível buscar o endereço agora: preencha os campos abaixo.',
  },
  selectState: 'Selecione',
  /** Options the store cannot take online (no method, or one it does not know): named, not offered. */
  offlineOptions: (names: readonly string[]) =>
    `${names.join(', ')}: ${names.length === 1 ? 'não é pago' : 'não são pagos'} pela loja online. Para pagar assim, combine com a loja.`,
  /** A link whose options are all paid with the store itself: said before anything is typed. */
  noPayableTitle: 'Este link não tem forma de pagamento pela loja online',
  noPayable: (names: readonly string[]) =>
    `As formas de pagamento deste link (${names.join(', ')}) são combinadas diretamente com a loja. Seu carrinho foi mantido.`,
  sellsByLinkTitle: 'Compre pelo link que você recebeu',
  sellsByLink:
    'Esta loja vende pelos links das suas unidades e parceiros. Abra o link que você recebeu (por WhatsApp, e-mail ou mensagem) e seu carrinho continua aqui; se não tem um, peça à loja.',
  sellsByLinkNoContact:
    'Esta loja não publicou telefone, WhatsApp nem e-mail no site: peça o link a quem lhe indicou a loja.',
  contactLead: (name: string) => `Fale com ${name}:`,
  /** Shown where the store published no contact: say so, and who else can help. */
  contactGeneric:
    'Esta loja não publicou telefone, WhatsApp nem e-mail no site: para comprar assim, fale com quem enviou este link.',
  totalLabel: 'Total do pedido',
  readTerms: 'Ler os termos de compra',
  closeTerms: 'Fechar',
  acceptAndClose: 'Li e aceito',
  submit: 'Confirmar pedido',
  submitting: 'Enviando pedido…',
  errorSummaryTitle: (n: number) =>
    n === 1 ? 'Corrija 1 campo para continuar:' : `Corrija ${n} campos para continuar:`,
  emptyCart: 'Seu carrinho está vazio. Escolha um produto para finalizar a compra.',
  backToCart: 'Voltar ao carrinho',
  pricesChanged:
    'Os preços ou a disponibilidade de alguns itens mudaram. Revise o carrinho antes de confirmar.',
  reviewCart: 'Revisar carrinho',
  kept: 'Seus dados e o carrinho foram mantidos.',
  /** After "Não sabemos se o pedido foi criado": a second order, knowingly. */
  tryAnyway: 'Tentar mesmo assim',
  seeMyOrders: 'Ver meus pedidos',
  backHome: 'Voltar à página inicial',
  /** A guest's retry found the order the unanswered attempt had made (checkout-page.tsx). */
  guestFound: {
    title: 'Seu pedido foi criado',
    found: (code: string) =>
      `Encontramos o pedido ${code}, feito na sua tentativa anterior: não é preciso pedir de novo, e nada foi cobrado em dobro.`,
    next: 'Guarde este código. Para receber o link de pagamento e acompanhar o pedido, fale com a loja informando o código.',
  },
  errors: {
    offline:
      'Você está sem conexão com a internet. Seus dados e o carrinho foram mantidos: tente de novo quando a conexão voltar.',
    forbidden:
      'O sistema de pedidos recusou o acesso da loja. Seus dados foram mantidos; tente novamente mais tarde.',
    tooMany:
      'Muitas tentativas em pouco tempo. Aguarde um minuto e tente de novo; seus dados foram mantidos.',
    unavailable:
      'O sistema de pedidos está indisponível no momento. Seus dados foram mantidos; tente de novo em instantes — não haverá pedido em dobro.',
    unavailableMaybeCreated:
      'O sistema de pedidos está indisponível no momento. Seu pedido pode ter sido criado. Tente de novo: verificamos antes, para não criar um pedido em dobro. Seus dados e o carrinho foram mantidos.',
    timeout:
      'O serviço demorou para responder. Seu pedido pode ter sido criado. Tente de novo: verificamos antes, para não criar um pedido em dobro. Seus dados e o carrinho foram mantidos.',
    outcomeUnknown:
      'Não sabemos se o pedido foi criado: o serviço não respondeu a tempo. Confira seu e-mail ou o link do pedido antes de tentar de novo.',
    inProgress: 'Seu pedido ainda está sendo processado. Aguarde alguns segundos e tente de novo.',
    invalid: 'O sistema de pedidos recusou alguns dados. Corrija os campos destacados.',
    optionsUnavailable: 'Não foi possível carregar as formas de pagamento.',
  },
} as const
