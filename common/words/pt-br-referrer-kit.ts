/**
 * UI strings of the referrer's kit (`/parceiro`), in pt-BR: part of the store's one string
 * catalog, in a module of its own so its words load with the page.
 */
export const tKit = {
  title: 'Seus links de parceiro',
  intro:
    'Monte o link certo para cada produto e canal, veja como ele aparece no WhatsApp e no Instagram, compartilhe ou imprima com código QR.',
  find: {
    label: 'Seu link de parceiro',
    hint: 'Cole o link que você recebeu da loja (por exemplo, https://…/?p=i21_ana-souza) ou só o código dele, como i21_ana-souza.',
    submit: 'Conferir link',
    empty: 'Cole ou digite o seu link de parceiro.',
    checking: 'Conferindo o link com a loja…',
    /** Said (aria-live) once the service has answered: the builder appears below the field. */
    checked: (name: string) => `Link conferido: ${name}.`,
  },
  notFound: {
    title: 'Não encontramos este parceiro',
    invalid: 'O texto informado não é um link de parceiro desta loja.',
    unknown: 'A loja não reconhece este link de parceiro.',
    unit: 'Este é o link de uma unidade da loja, não de um parceiro.',
    how: 'Use o link que a loja enviou quando você se cadastrou como parceiro: ele tem “?p=i” seguido de números (como ?p=i21_ana-souza) ou “/i/” no endereço. Se não o encontrar, peça à loja.',
  },
  failed: 'Não foi possível conferir o link agora.',
  visitors: {
    title: 'Como seus clientes veem',
    /** Said before the name, as the visitors' banner says it. */
    lead: (label: string) => `Você chegou pelo ${label}`,
    offers: 'Formas de pagamento dos seus clientes',
    noOffers: 'A loja não informou formas de pagamento para este link.',
  },
  builder: {
    title: 'Monte seu link',
    target: 'O que compartilhar',
    store: 'A loja toda',
    product: 'Um produto',
    group: 'Uma categoria',
    productField: 'Produto',
    groupField: 'Categoria',
    loadingProducts: 'Carregando produtos…',
    channel: 'Onde vai compartilhar',
    channels: {
      whatsapp: 'WhatsApp',
      instagram: 'Instagram',
      email: 'E-mail',
      print: 'Impresso (código QR)',
      none: 'Sem identificação',
    },
    utm: 'Identificação da visita (UTM)',
    utmHint:
      'Preenchidas pelo canal escolhido; você pode mudar. Os campos vazios ficam fora do link.',
    source: 'Origem (utm_source)',
    medium: 'Meio (utm_medium)',
    campaign: 'Campanha (utm_campaign)',
    full: 'Link completo',
    short: 'Link curto',
    shortHint: 'Leva à mesma página, com o seu código e a identificação da visita.',
    which: 'Link a compartilhar',
  },
  preview: {
    title: 'Como o link aparece no WhatsApp e no Instagram',
    loading: 'Carregando a prévia…',
    failed:
      'Não foi possível carregar a prévia agora. O link funciona do mesmo jeito: você pode copiá-lo e compartilhá-lo.',
    noImage: 'Sem imagem',
  },
  share: {
    title: 'Compartilhar',
    copy: 'Copiar link',
    copied: 'Link copiado',
    copyFailed: 'Não foi possível copiar automaticamente. Selecione e copie o link abaixo:',
    whatsapp: 'Enviar pelo WhatsApp',
    newTab: '(abre em nova aba)',
    native: 'Compartilhar…',
    /** Fixed words only: a shared message never carries a name, document or amount. */
    text: {
      store: 'Certificados digitais com condições especiais por este link:',
      product: 'Veja este certificado digital com condições especiais:',
      group: 'Veja estes produtos com condições especiais:',
    },
  },
  qr: {
    title: 'Código QR',
    hint: 'Para balcão, cartão de visita ou material impresso: o PNG sai com 5 cm de largura em 300 dpi, com o nome da loja embaixo.',
    image: 'Código QR do link',
    svg: 'Baixar SVG',
    png: 'Baixar PNG',
    making: 'Gerando o código QR…',
    failed: 'Não foi possível gerar o arquivo neste navegador.',
    /** Said once when the link passes the limit, not again at each key typed: no count in it. */
    tooLong: (max: number) =>
      `Este link passa de ${max} caracteres: um código QR assim fica denso demais para ler com o celular depois de impresso. Encurte ou apague os campos de identificação (UTM); para um produto, use o link curto.`,
  },
  results: {
    title: 'O que seus links trouxeram',
    login: 'Entre com a sua conta de parceiro para ver suas indicações e seus ganhos.',
    loginLink: 'Entrar',
    loading: 'Carregando suas indicações…',
    failed: 'Não foi possível carregar suas indicações agora.',
    notPartner:
      'A conta com que você entrou não é de parceiro. Para ver suas indicações e seus ganhos, saia e entre com a sua conta de parceiro.',
    unavailable:
      'Suas indicações e seus ganhos ficam no portal da loja, no modo indicador, com a sua conta de parceiro.',
    unavailableNoPortal:
      'Suas indicações e seus ganhos ficam no portal da loja, no modo indicador. Peça à loja o endereço do portal.',
    portal: 'Abrir o portal',
    portalMore: 'Painel completo no portal',
    leads: 'Suas indicações',
    leadsCount: (total: number) =>
      total === 1 ? '1 pessoa indicada' : `${total} pessoas indicadas`,
    noLeads: 'Ninguém indicado por você ainda.',
    leadsCaption: (page: number, pages: number) => `Suas indicações, página ${page} de ${pages}`,
    name: 'Nome',
    document: 'CPF ou CNPJ',
    email: 'E-mail',
    phone: 'Telefone',
    none: '—',
    pages: 'Páginas das indicações',
    previous: 'Página anterior',
    next: 'Próxima página',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    earnings: 'Seus ganhos',
    earningsTotal: (total: string) => `Total: ${total}`,
    earningsLoading: 'Carregando seus ganhos…',
    noEarnings: 'Nenhum ganho registrado ainda.',
    earningsUnread: 'Não foi possível ler seus ganhos agora; veja-os no portal.',
    earning: 'Referente a',
    amount: 'Valor',
    date: 'Data',
    status: 'Situação',
    masked:
      'Os dados de contato aparecem mascarados: são dados pessoais dos seus clientes e ficam só na loja.',
  },
} as const
