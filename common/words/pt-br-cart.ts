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
    // Quantity 0 (typed, emptied, or "−" at 1): the line asks instead of reverting or removing.
    askRemoval: 'Remover este item?',
    askRemovalLabel: (name: string) => `Remover ${name} do carrinho?`,
    askRemovalAnnounce: (name: string) =>
      `Quantidade zero: remover ${name} do carrinho? Escolha Remover ou Manter.`,
    confirmRemoval: 'Remover',
    keep: 'Manter',
    kept: (name: string) => `${name} continua no carrinho.`,
    answerRemoval: 'Responda se quer remover o item destacado para continuar.',
    invalidQuantity: (max: number, kept: number) =>
      `Quantidade inválida: use um número inteiro de 1 a ${max}. Mantida a quantidade ${kept}.`,
    invalidQuantityAnnounce: (name: string, max: number, kept: number) =>
      `${name}: quantidade inválida, use um número inteiro de 1 a ${max}. Mantida a quantidade ${kept}.`,
    maxReached: (max: number) => `O máximo é ${max} unidades por item.`,
    unitPrice: 'Preço unitário',
    lineTotal: 'Subtotal',
    total: 'Total',
    priceChanged: (before: string, now: string) => `O preço mudou de ${before} para ${now}.`,
    acceptPrice: 'Aceitar novo preço',
    unavailable: 'Este produto não está mais disponível. Remova-o para continuar.',
    checking: 'Conferindo preços…',
    checkout: 'Finalizar compra',
    /** While the checkout's page loads after "Finalizar compra". */
    opening: 'Abrindo a finalização da compra…',
    // "Remover" can be undone: the removed line's place says so until the next removal.
    removedLine: (name: string) => `${name} removido.`,
    undo: 'Desfazer',
    restored: (name: string) => `${name} voltou ao carrinho.`,
    // One order has one buyer: an e-CPF is a person's, an e-CNPJ a company's.
    holder: { cpf: 'Para pessoa física (CPF)', cnpj: 'Para empresa (CNPJ)' },
    mixedTitle: 'e-CPF e e-CNPJ não vão no mesmo pedido',
    mixed: (persons: string, companies: string) =>
      `Cada pedido é de um só titular. Para pessoa física (CPF): ${persons}. Para empresa (CNPJ): ${companies}. Para finalizar, remova do carrinho os itens de pessoa física ou os de empresa; os outros podem ir em um segundo pedido.`,
    mixedBeforeCheckout: 'Remova o e-CPF ou o e-CNPJ para finalizar a compra.',
    fixBeforeCheckout: 'Revise os itens destacados para continuar.',
    continueShopping: 'Continuar comprando',
  },
  terms: {
    title: 'Termos de compra',
    error: 'Não foi possível carregar os termos.',
  },
} as const
