import type { OrderSeed, ProductPriceWire, TenantSeed } from './types'

/**
 * A large tenant for `npm run bench` (interaction at scale): 1,000 products and one user with
 * 1,000 orders. Generated deterministically so every run measures the same data. Only loaded
 * when the relay runs with OFFLINE_BENCH=1.
 */

export const BENCH_ORIGIN = 'https://bench.vitrine.test'
export const BENCH_USER = {
  document: '27298842030',
  password: 'Bench@2026',
  email: 'bench@exemplo.com.br',
}

const FAMILIES = [
  ['Certificação Digital e-CPF', 'e-CPF', 'ecpf-a1.webp'],
  ['Certificação Digital e-CNPJ', 'e-CNPJ', 'ecnpj-a1.webp'],
  ['Certificação NF-e', 'NF-e', 'nfe-a1.webp'],
  ['Mídias e Acessórios', 'Token', 'token-usb.webp'],
  ['Leitoras', 'Leitora', 'leitora.webp'],
  ['Serviços de Validação', 'Validação', 'videoconferencia.webp'],
  ['Instalação e Suporte', 'Instalação', 'instalacao.webp'],
  ['Renovação', 'Renovação', 'ecpf-a3.webp'],
] as const
const VARIANTS = [
  'A1',
  'A3',
  'em nuvem',
  'cartão',
  'token',
  'básico',
  'premium',
  'empresarial',
  'contábil',
  'jurídico',
]
const TERMS = ['12 meses', '18 meses', '24 meses', '36 meses', 'avulso']

function lcg(seed: number) {
  let state = seed
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

export function benchTenant(): TenantSeed {
  const random = lcg(42)
  const products: ProductPriceWire[] = Array.from({ length: 1000 }, (_, i) => {
    const [group, name, image] = FAMILIES[i % FAMILIES.length]!
    const variant = VARIANTS[Math.floor(random() * VARIANTS.length)]!
    const term = TERMS[Math.floor(random() * TERMS.length)]!
    const cents = 1990 + Math.floor(random() * 60_000)
    return {
      id: 10_000 + i,
      sku: `BENCH-${String(i).padStart(4, '0')}`,
      description: `${name} ${variant} – ${term} (nº ${i + 1})`,
      status: i % 97 === 0 ? 0 : 1,
      price: cents / 100,
      image: {
        name: image,
        description: `Ilustração de ${name} ${variant}`,
        href: `/produtos/${image}`,
      },
      groupDescription: group,
    }
  })
  const statuses: (string | null)[] = ['PENDENTE', 'CONCLUIDO', null]
  const orders: OrderSeed[] = Array.from({ length: 1000 }, (_, i) => {
    const statusPayment = statuses[i % 3]!
    return {
      id: 500_000 + i,
      code: `BN-${String(i + 1).padStart(6, '0')}`,
      publicToken: `b${String(i).padStart(31, '0')}`,
      document: BENCH_USER.document,
      date: new Date(Date.UTC(2024, 0, 1) + i * 17 * 3_600_000).toISOString(),
      status: statusPayment === null ? 0 : 1,
      statusPayment,
      items: [
        {
          sku:
            products[(i * 7) % products.length]!.status === 1
              ? products[(i * 7) % products.length]!.sku
              : 'BENCH-0001',
          quantity: 1 + (i % 3),
        },
      ],
      discountCents: statusPayment === null ? 999_999 : 0,
      negotiationTypeId: i % 2 === 0 ? 901 : 902,
      paid: statusPayment === 'CONCLUIDO',
    }
  })
  return {
    origin: BENCH_ORIGIN,
    name: 'Vitrine Bench',
    erpKey: 'erp-bench-key',
    clientId: 'app',
    defaultUnitRef: 'u1_bench',
    parameters: {
      'public.parameters.agendamento': 'videoconferencia',
      'public.parameters.legendaAgendamento': '<p>Validação por vídeo.</p>',
      'public.parameters.agendarValidacaoPresencial': '',
      'public.parameters.agendarValidacaoVideoconferencia': 'https://bench.vitrine.test/agendar',
      'public.parameters.ajudaAgendamento': '/ajuda/agendamento-digital-sul.webp',
      'public.parameters.dadosIndicador': 'indicador',
      'public.parameters.checkout.allowGuest': '1',
      'public.parameters.termos': '<p>Termos da loja de bench.</p>',
    },
    products,
    negotiationTypes: [
      {
        id: 901,
        description: 'Cartão de crédito 6x',
        paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 6 },
      },
      {
        id: 902,
        description: 'Boleto à vista',
        paymentSettings: { paymentMethod: 'BOLETO', installments: 0 },
      },
    ],
    units: [
      {
        number: 1,
        key: 'bench',
        // 60 characters: the header must not shift when a long store name arrives (CLS ≤ 0.01,
        // docs/budgets.md), so the bench measures layout shift with one.
        description: 'Vitrine Bench – Certificados Digitais, Tokens e Leitoras SA.',
        image: { name: 'certifica.svg', description: 'Logotipo', href: '/parceiros/certifica.svg' },
        negotiationTypeIds: [901, 902],
      },
    ],
    // A referrer's link, `i21_bench`: its landing is the page a crowd arrives on (bench/pages.ts).
    referrers: [
      {
        number: 21,
        key: 'bench',
        description: 'Indicador Bench Contabilidade',
        image: { name: 'certifica.svg', description: 'Logotipo', href: '/parceiros/certifica.svg' },
        negotiationTypeIds: [901, 902],
      },
    ],
    users: [
      {
        password: BENCH_USER.password,
        user: {
          id: 7001,
          document: BENCH_USER.document,
          name: 'Beatriz Bench Oliveira',
          stateRegistration: null,
          email: BENCH_USER.email,
          phone: null,
          cellphone: '11990001234',
          state: 'SP',
          city: 'Campinas',
          address: 'Rua das Medições',
          neighborhood: 'Centro',
          number: 100,
          addressDetail: '',
          zipCode: '13010000',
        },
      },
    ],
    orders,
  }
}
