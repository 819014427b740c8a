/** Card payment strings (pt-BR), loaded with the card form only. Field messages: common/contract/schemas/card-payment.ts. */
export const tPayment = {
  open: 'Pagar com cartão',
  title: 'Pagamento com cartão de crédito',
  intro: 'Os dados do cartão vão direto ao serviço de pagamentos e não ficam guardados na loja.',
  fields: {
    holderName: 'Nome impresso no cartão',
    cardNumber: 'Número do cartão',
    expiry: 'Validade (MM/AA)',
    securityCode: 'Código de segurança (CVV)',
  },
  hints: {
    securityCode: 'Os 3 dígitos do verso do cartão (4 na frente, no American Express).',
  },
  brand: (name: string) => `Bandeira: ${name}`,
  installments: (count: number, total: string) =>
    count > 1
      ? `Em ${count}x, como combinado no pedido (total ${total}).`
      : `À vista, no total de ${total}.`,
  submit: (total: string) => `Pagar ${total}`,
  submitting: 'Pagando…',
  cancel: 'Agora não',
  summaryTitle: 'Não foi possível pagar',
  paid: 'Pagamento confirmado. Obrigado!',
  paidElsewhere: 'Este pedido já está pago.',
  /** After a timeout (or any answer after which the card may have been charged). */
  maybeCharged: 'O serviço de pagamentos não confirmou a tempo, e o cartão pode ter sido cobrado.',
  maybeChargedWait:
    'A confirmação pode levar alguns minutos. Não pague de novo agora: toque em “Atualizar situação” para ver se o pedido já consta como pago.',
  stillUnpaid: 'O pedido continua aguardando pagamento.',
  stillUnpaidHelp:
    'Se a cobrança aparecer no seu cartão, aguarde mais alguns minutos e atualize de novo. Se não aparecer, você pode pagar de novo.',
  approvedUnconfirmed: 'O pagamento foi aprovado, mas o pedido ainda não foi atualizado.',
  approvedWait: 'Isso pode levar alguns minutos: toque em “Atualizar situação” para conferir.',
  refresh: 'Atualizar situação',
  refreshing: 'Atualizando…',
  payAgain: 'Pagar de novo',
  linkNeeded:
    'Para pagar este pedido com cartão, abra-o pelo link recebido na compra ou fale com a loja.',
  laterHint: 'Você pode pagar depois pelo link deste pedido ou em Minha conta.',
  networkError:
    'Sem conexão com a loja. Confira sua internet e tente de novo: o pagamento não será feito em dobro.',
  unexpected: 'Não foi possível pagar agora. Tente novamente em instantes.',
  /** When the processor refused the store itself: whom to ask (its company details). */
  storeContact: (name: string) => (name ? `Fale com ${name}:` : 'Fale com a loja:'),
} as const
