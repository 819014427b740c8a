/**
 * Sharing and the store's company details (pt-BR): part of the string catalog, in a module of
 * its own so the words load with the lazy footer and banner, not with the catalog's first page.
 */
export const tShare = {
  /** Fixed words only: a shared message never carries a name, document, e-mail or amount. */
  order: {
    /** A guest's only way back to the order is its link: these send it to themselves. */
    whatsapp: 'Enviar para meu WhatsApp',
    email: 'Enviar para meu e-mail',
    /** A neutral subject: a mailbox shows it to whoever looks, so no code, name or amount. */
    emailSubject: 'Link do meu pedido',
    newTab: '(abre em nova aba)',
    native: 'Compartilhar',
    text: 'Acompanhe o pedido pelo link:',
    title: (code: string) => `Pedido ${code}`,
  },
  /** The referrer's share of the store: the link with their `p`, nothing else. */
  store: {
    whatsapp: 'Compartilhar a loja no WhatsApp',
    newTab: '(abre em nova aba)',
    native: 'Compartilhar a loja',
    text: 'Certificados digitais com condições especiais por este link:',
  },
  /** The visit's banner folds to one line; these are what it unfolds on demand. */
  banner: {
    /** Said before the name: "Você chegou pelo parceiro Contabilidade Ribeiro". */
    referrer: (label: string) => `Você chegou pelo ${label}`,
    unit: 'Você está comprando na',
    more: 'Detalhes',
    referrerTerms:
      'Os preços e as formas de pagamento que você vê são os deste link, e o seu pedido fica registrado com ele.',
    unitTerms: 'Os preços e as formas de pagamento que você vê são os desta unidade.',
    /** To the referrer's kit (`/parceiro`): "Sou parceiro: crie seus links". */
    kit: (label: string) => `Sou ${label}: crie seus links`,
    /** A link's product is no longer on sale (src/lib/short-links.ts): the catalog instead. */
    productGone:
      'O produto deste link não está mais à venda. Veja os outros produtos da loja, com as mesmas condições do link.',
  },
  company: {
    label: 'Dados da empresa',
    cnpj: (formatted: string) => `CNPJ ${formatted}`,
    document: (raw: string) => `Documento ${raw}`,
    email: 'E-mail',
    phone: 'Telefone',
    cellphone: 'WhatsApp',
  },
  /**
   * "Fale com a loja" in a sentence becomes a link to the store's first contact
   * (components/company-contact.tsx); where the store published none, it says so.
   */
  contact: {
    /** Said after the link, for who cannot tell where it goes (screen readers). */
    via: {
      whatsapp: 'pelo WhatsApp (abre em nova aba)',
      email: 'por e-mail',
      phone: 'por telefone',
    },
    none: 'Esta loja não publicou telefone, WhatsApp nem e-mail no site.',
    /** On an order: the page's own link is what the buyer holds. */
    noneOrder:
      'Esta loja não publicou telefone, WhatsApp nem e-mail no site. Guarde o link deste pedido: é por ele que você o acompanha e o mostra a quem atender você.',
  },
} as const
