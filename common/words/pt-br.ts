/**
 * UI strings of the shell, storefront and checkout, in pt-BR. Together with the other
 * `pt-br-*.ts` files in this folder this is the store's one string catalog (docs/design.md): an
 * English catalog can sit beside it with the same keys.
 */
export const t = {
  app: {
    skipToContent: 'Pular para o conteúdo',
    home: 'Página inicial da loja',
    footer: 'Compra segura de certificados digitais',
    terms: 'Termos de compra',
    account: 'Minha conta',
    login: 'Entrar',
    // No count for an empty cart: also what a page the relay rendered says (site-header.tsx).
    cart: (count: number) =>
      count === 0 ? 'Carrinho' : `Carrinho, ${count} ${count === 1 ? 'item' : 'itens'}`,
    loading: 'Carregando…',
  },
  errors: {
    title: 'Algo deu errado',
    notFoundTitle: 'Página não encontrada',
    notFound: 'O endereço que você abriu não existe ou mudou.',
    unavailable: 'O serviço está indisponível no momento. Tente novamente em instantes.',
    timeout: 'O serviço demorou demais para responder. Tente novamente.',
    offline: 'Sem conexão com a internet. Verifique sua rede e tente novamente.',
    unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
    forbidden: 'Você não tem permissão para ver esta página.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    tooMany: 'Muitas tentativas. Aguarde um minuto e tente de novo.',
    retry: 'Tentar novamente',
    backHome: 'Voltar para a loja',
  },
  catalog: {
    title: 'Certificados digitais e acessórios',
    searchLabel: 'Buscar produtos',
    // Short enough for the box beside "Filtros" on a 360 px phone.
    searchPlaceholder: 'Ex.: e-CPF, token',
    groupLabel: 'Categoria',
    allGroups: 'Todas as categorias',
    sortLabel: 'Ordenar por',
    sort: {
      relevance: 'Destaques',
      priceAsc: 'Menor preço',
      priceDesc: 'Maior preço',
      name: 'Nome (A–Z)',
    },
    results: (shown: number, total: number) =>
      total === 0
        ? 'Nenhum produto encontrado'
        : `${total} ${total === 1 ? 'produto encontrado' : 'produtos encontrados'}${shown < total ? `, mostrando ${shown}` : ''}`,
    loading: 'Carregando produtos…',
    error: 'Não foi possível carregar os produtos.',
    empty: 'Nenhum produto disponível no momento.',
    noMatch: (query: string) => `Nenhum produto corresponde a “${query}”.`,
    clearFilters: 'Limpar busca e filtros',
    showMore: 'Mostrar mais produtos',
    add: 'Adicionar ao carrinho',
    addLabel: (name: string) => `Adicionar ${name} ao carrinho`,
    unavailable: 'Indisponível',
    /** The service sent a price the store cannot read: never sold at a guess. */
    noPrice: 'Preço indisponível',
    added: (name: string, count: number) =>
      `${name} adicionado ao carrinho. O carrinho tem ${count} ${count === 1 ? 'item' : 'itens'}.`,
    inCart: (n: number) => `${n} no carrinho`,
    /** The phone's disclosure for category and order (always open on wider screens). */
    filters: 'Filtros',
    filtersActive: (n: number) => `(${n} ${n === 1 ? 'ativo' : 'ativos'})`,
  },
  offers: {
    title: 'Formas de pagamento',
    from: (name: string) => `Condições de ${name}`,
  },
  link: {
    invalid: 'O link que você usou não é válido. Mostramos as condições da loja.',
    unknown:
      'Não encontramos a unidade ou o indicador do seu link. Mostramos as condições da loja.',
    dismiss: 'Fechar aviso',
  },
} as const
