/** Every UI string, in one catalog (DESIGN.md): an English catalog can sit beside it. */
export const t = {
  app: {
    skipToContent: 'Pular para o conteúdo',
    footer: 'Compra segura de certificados digitais',
    terms: 'Termos de compra',
  },
  catalog: {
    title: 'Produtos',
    loading: 'Carregando produtos…',
    error: 'Não foi possível carregar os produtos.',
    retry: 'Tentar novamente',
    empty: 'Nenhum produto disponível no momento.',
    unavailable: 'Indisponível',
  },
  notFound: {
    title: 'Página não encontrada',
    body: 'O endereço que você abriu não existe ou mudou.',
    home: 'Voltar para a loja',
  },
} as const
