/**
 * Sharing and the store's company details (pt-BR): part of the string catalog, in a module of
 * its own so the words load with the lazy footer and banner, not with the catalog's first page.
 */
export const tShare = {
  /** Fixed words only: a shared message never carries a name, document, e-mail or amount. */
  order: {
    whatsapp: 'Compartilhar no WhatsApp',
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
  company: {
    label: 'Dados da empresa',
    cnpj: (formatted: string) => `CNPJ ${formatted}`,
    document: (raw: string) => `Documento ${raw}`,
    email: 'E-mail',
    phone: 'Telefone',
    cellphone: 'WhatsApp/celular',
  },
} as const
