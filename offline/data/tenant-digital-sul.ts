import { HOSTILE_MARKUP } from './hostile-markup'
import type { TenantSeed } from './types'

const img = (file: string, description: string) => ({
  name: file,
  description,
  href: `/produtos/${file}`,
})

/** Tenant 2: Digital Sul, Porto Alegre. No guest checkout; video validation only. */
export const digitalSul: TenantSeed = {
  origin: 'https://vendas.digitalsul.net.br',
  name: 'Digital Sul Certificação',
  erpKey: 'erp-digitalsul-0b6e44f1a9',
  clientId: 'app',
  defaultUnitRef: 'u3_sul1',
  parameters: {
    'public.parameters.agendamento': 'videoconferencia',
    'public.parameters.legendaAgendamento':
      '<p>A validação é feita <em>somente por videoconferência</em>, de segunda a sábado.</p>' +
      HOSTILE_MARKUP,
    'public.parameters.agendarValidacaoPresencial': '',
    'public.parameters.agendarValidacaoVideoconferencia':
      'https://digitalsul.net.br/agendar?tipo=video',
    'public.parameters.ajudaAgendamento': '/ajuda/agendamento-digital-sul.webp',
    'public.parameters.dadosIndicador': 'indicador',
    'public.parameters.checkout.allowGuest': '0',
    // Plain text with line breaks, as the docs' own `termos` is (get_parameters.md): blank
    // lines between paragraphs, single breaks inside one. Certifica's terms keep the markup.
    'public.parameters.termos':
      'Condições gerais de venda\n\n' +
      'A emissão depende da aprovação dos documentos enviados.\n' +
      'Reembolso em até 7 dias após a compra, se a validação não tiver ocorrido.\n\n' +
      'Dúvidas: atendimento@digitalsul.net.br',
  },
  products: [
    {
      id: 11,
      sku: 'DS-ECPF-A1',
      description: 'e-CPF A1 (validade de 1 ano)',
      status: 1,
      price: 144.0,
      image: img('ecpf-a1.webp', 'Cartão ilustrado do e-CPF A1, arquivo instalado no computador'),
      groupDescription: 'Pessoa Física',
    },
    {
      id: 12,
      sku: 'DS-ECPF-A3-24',
      description: 'e-CPF A3 em cartão (validade de 2 anos)',
      status: 1,
      price: 279.33,
      image: img('ecpf-a3.webp', 'Cartão inteligente do e-CPF A3'),
      groupDescription: 'Pessoa Física',
    },
    {
      id: 21,
      sku: 'DS-ECNPJ-A1',
      description: 'e-CNPJ A1 (validade de 1 ano)',
      status: 1,
      price: 229.0,
      image: img('ecnpj-a1.webp', 'Cartão ilustrado do e-CNPJ A1 para empresas'),
      groupDescription: 'Pessoa Jurídica',
    },
    {
      id: 22,
      sku: 'DS-ECNPJ-A3-36',
      description: 'e-CNPJ A3 em token (validade de 3 anos)',
      status: 1,
      price: 499.9,
      image: img('ecnpj-a3-cartao.webp', 'Token com o e-CNPJ A3'),
      groupDescription: 'Pessoa Jurídica',
    },
    {
      id: 31,
      sku: 'DS-TOKEN',
      description: 'Token criptográfico GD Starsign',
      status: 1,
      price: 129.9,
      image: img('token-usb.webp', 'Token USB criptográfico prateado'),
      groupDescription: 'Acessórios',
    },
    {
      id: 41,
      sku: 'DS-SUPORTE',
      description: 'Suporte técnico premium (30 dias)',
      status: 1,
      price: 59.9,
      image: img('instalacao.webp', 'Técnico auxiliando a instalação pela internet'),
      groupDescription: 'Serviços',
    },
  ],
  // One option per plan (docs: "E-commerce - Cartão de crédito 1x / 2x / 3x"); the tenant's own
  // names say "sem juros", which the store shows as they come.
  negotiationTypes: [
    {
      id: 21,
      description: 'Cartão de crédito 10x sem juros',
      paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 10 },
    },
    {
      id: 22,
      description: 'Boleto à vista',
      paymentSettings: { paymentMethod: 'BOLETO', installments: 0 },
    },
    {
      id: 23,
      description: 'Cartão de crédito à vista',
      paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 1 },
    },
    {
      id: 24,
      description: 'Cartão de crédito 4x sem juros',
      paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 4 },
    },
  ],
  units: [
    {
      number: 3,
      key: 'sul1',
      description: 'Digital Sul – Loja Virtual',
      image: {
        name: 'digital-sul.svg',
        description: 'Logotipo da Digital Sul Certificação',
        href: '/parceiros/digital-sul.svg',
      },
      negotiationTypeIds: [23, 24, 21, 22],
    },
    {
      number: 7,
      key: 'm2p9',
      description: 'Posto Moinhos – Porto Alegre/RS',
      image: {
        name: 'posto-moinhos.svg',
        description: 'Fachada do Posto Moinhos',
        href: '/parceiros/posto-moinhos.svg',
      },
      negotiationTypeIds: [23, 21],
    },
  ],
  referrers: [
    {
      number: 51,
      key: 'q7w',
      description: 'Escritório Fontana Contábil',
      image: {
        name: 'fontana.svg',
        description: 'Logotipo do Escritório Fontana Contábil',
        href: '/parceiros/fontana.svg',
      },
      negotiationTypeIds: [22],
    },
  ],
  users: [
    {
      password: 'Ana@2026',
      user: {
        id: 801,
        document: '39053344705',
        name: 'Ana Lúcia Fontoura',
        stateRegistration: null,
        email: 'ana.fontoura@exemplo.net.br',
        phone: null,
        cellphone: '51991234567',
        state: 'RS',
        city: 'Porto Alegre',
        address: 'Rua Padre Chagas',
        neighborhood: 'Moinhos de Vento',
        number: 300,
        addressDetail: '',
        zipCode: '90570080',
      },
    },
  ],
  orders: [
    {
      id: 2001,
      code: 'DS-000201',
      publicToken: 'd4f6a8c0e2b44d6f8a0c2e4b6d8f0a21',
      document: '39053344705',
      date: '2026-11-19T15:20:00Z',
      status: 1,
      statusPayment: 'PENDENTE',
      items: [{ sku: 'DS-ECNPJ-A1', quantity: 1 }],
      discountCents: 0,
      negotiationTypeId: 22,
      paid: false,
      uri: 'i51_q7w',
    },
    {
      id: 2002,
      code: 'DS-000202',
      publicToken: 'e5a7b9c1d3f54e7a9b1c3d5f7a9b1c32',
      document: '39053344705',
      date: '2026-10-11T11:11:11Z',
      status: 1,
      statusPayment: 'CONCLUIDO',
      items: [
        { sku: 'DS-ECPF-A3-24', quantity: 1 },
        { sku: 'DS-TOKEN', quantity: 1 },
      ],
      discountCents: 1000,
      negotiationTypeId: 24,
      paid: true,
    },
    {
      id: 2003,
      code: 'DS-000203',
      publicToken: 'f6b8c0d2e4a64f8b0c2d4e6a8b0c2d43',
      document: '39053344705',
      date: '2026-07-01T08:00:00Z',
      status: 0,
      statusPayment: null,
      items: [{ sku: 'DS-SUPORTE', quantity: 1 }],
      discountCents: 5990,
      negotiationTypeId: 23,
      paid: false,
    },
  ],
}
