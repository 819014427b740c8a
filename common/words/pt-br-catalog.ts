/**
 * The catalog journey's product page (pt-BR): part of the store's string catalog, in a module of
 * its own so the words load with the lazy `/produto/:sku` route, not with the catalog's first
 * page (whose words stay in pt-br.ts).
 */
export const tProduct = {
  loading: 'Carregando produto…',
  error: 'Não foi possível carregar o produto.',
  breadcrumb: 'Trilha de navegação',
  home: 'Início',
  /**
   * The best installment offer for this price. "sem juros" only when the service's own option
   * says so: neither description of the service tells whether an option charges interest.
   */
  offer: (text: string, interestFree: boolean) => `ou ${text}${interestFree ? ', sem juros' : ''}`,
  details: 'Detalhes do produto',
  description: 'Descrição',
  group: 'Categoria',
  sku: 'Código do produto',
  viewCart: 'Ver carrinho',
  share: {
    title: 'Compartilhar este produto',
    whatsapp: 'Compartilhar no WhatsApp',
    newTab: '(abre em nova aba)',
    native: 'Compartilhar',
    /** Fixed words only: the message is these words and the link (docs/design.md, "sharing"). */
    text: 'Veja este produto na loja:',
    copy: 'Copiar link',
    copied: 'Link copiado',
    copyFailed: 'Não foi possível copiar. Selecione e copie o link:',
    linkLabel: 'Link do produto',
  },
  notFound: {
    title: 'Produto não encontrado',
    text: (sku: string) =>
      `Não encontramos o produto “${sku}”. Ele pode ter saído do catálogo, ou o endereço está incompleto.`,
    back: 'Ver todos os produtos',
  },
} as const
