/** Cart and terms strings (pt-BR): part of the store's string catalog, loaded with those routes. */
export const tCart = {
  cart: {
    title: 'Carrinho',
    empty: 'Seu carrinho está vazio.',
    browse: 'Ver produtos',
    quantity: (name: string) => `Quantidade de ${name}`,
    decrease: (name: string) => `Diminuir quantidade de ${name}`,
    increase: (name: string) => `Aumentar quantidade de ${name}`,
    remove: (name: string) => `Remover ${name}`,
    removed: (name: string) => `${name} removido do carrinho.`,
    unitPrice: 'Preço unitário',
    lineTotal: 'Subtotal',
    total: 'Total',
    priceChanged: (before: string, now: string) => `O preço mudou de ${before} para ${now}.`,
    acceptPrice: 'Aceitar novo preço',
    unavailable: 'Este produto não está mais disponível. Remova-o para continuar.',
    checking: 'Conferindo preços…',
    checkout: 'Finalizar compra',
    fixBeforeCheckout: 'Revise os itens destacados para continuar.',
    continueShopping: 'Continuar comprando',
  },
  terms: {
    title: 'Termos de compra',
    error: 'Não foi possível carregar os termos.',
  },
} as const
