import { certificaProducts } from './catalog-certifica'
import {
  companyAccount,
  companyErpOrders,
  companyOrders,
  contabilidadeIndicador,
  erpCentro,
} from './certifica-company'
import { balcaoSe, certificaPlans } from './certifica-plans'
import { anaSouzaAccount, anaSouzaPartner, anaSouzaReferrer } from './certifica-referrer'
import { HOSTILE_MARKUP } from './hostile-markup'
import type { TenantSeed } from './types'

/** Tenant 1: Certifica Brasil, São Paulo. Guests may check out; both validation kinds enabled. */
export const certificaBrasil: TenantSeed = {
  origin: 'https://loja.certificabrasil.com.br',
  name: 'Certifica Brasil',
  erpKey: 'erp-certifica-7f3a9c21d4',
  company: {
    name: 'Certifica Brasil',
    nameLaw: 'Certifica Brasil Certificação Digital Ltda',
    document: '12345678000195',
    email: 'atendimento@certificabrasil.com.br',
    cellphone: '11940028922',
    phone: '1140028922',
    state: 'SP',
    city: 'São Paulo',
    address: 'Avenida Paulista',
    number: 1000,
    neighborhood: 'Bela Vista',
    addressDetail: 'Conjunto 81',
    zipCode: '01310100',
    image: {
      name: 'certifica-brasil.svg',
      description: 'Logotipo da Certifica Brasil',
      href: '/parceiros/certifica-brasil.svg',
    },
  },
  clientId: 'app',
  defaultUnitRef: 'u1_loja',
  parameters: {
    // Keys the store does not read, first in the service's order: with them the docs' dialect
    // answers twelve parameters in two pages of 10, `checkout.allowGuest` and `termos` on page 2.
    'public.parameters.corPrincipal': '#0b5394',
    'public.parameters.whatsapp': '5511930001234',
    'public.parameters.textoRodape': 'Certificados digitais desde 2009.',
    'public.parameters.checkout.mensagemConfirmacao':
      'Obrigado por comprar com a Certifica Brasil.',
    'public.parameters.agendamento': 'presencial videoconferencia',
    'public.parameters.legendaAgendamento':
      '<p><strong>Presencial:</strong> leve um documento de identidade original com foto a uma de nossas unidades.</p>' +
      '<p><strong>Videoconferência:</strong> tenha em mãos o documento e uma câmera; a chamada leva cerca de 10 minutos.</p>' +
      HOSTILE_MARKUP,
    'public.parameters.agendarValidacaoPresencial':
      'https://agenda.certificabrasil.com.br/presencial',
    'public.parameters.agendarValidacaoVideoconferencia':
      'https://agenda.certificabrasil.com.br/videoconferencia',
    'public.parameters.ajudaAgendamento': '/ajuda/agendamento-certifica.webp',
    'public.parameters.dadosIndicador': 'parceiro',
    'public.parameters.checkout.allowGuest': '1',
    'public.parameters.termos':
      '<h2>Termos de compra</h2>' +
      '<p>O certificado digital é emitido após a validação da identidade do titular, presencial ou por videoconferência.</p>' +
      '<p>O prazo para validação é de <strong>90 dias</strong> a contar da confirmação do pagamento.</p>' +
      '<ul><li>Certificados A1 têm validade de 12 meses.</li><li>Certificados A3 têm validade de até 36 meses.</li></ul>' +
      '<p>Consulte a <a href="https://www.certificabrasil.com.br/privacidade">política de privacidade</a>.</p>' +
      HOSTILE_MARKUP,
  },
  products: certificaProducts,
  negotiationTypes: certificaPlans,
  units: [
    {
      number: 1,
      key: 'loja',
      description: 'Certifica Brasil – Loja Online',
      image: {
        name: 'certifica.svg',
        description: 'Logotipo da Certifica Brasil',
        href: '/parceiros/certifica.svg',
      },
      negotiationTypeIds: [5, 6, 7, 4, 1, 2],
    },
    {
      number: 12,
      key: 'ab3f',
      description: 'Unidade Paulista – São Paulo/SP',
      image: {
        name: 'unidade-paulista.svg',
        description: 'Fachada da Unidade Paulista',
        href: '/parceiros/unidade-paulista.svg',
      },
      // A shop with a counter: card online, or cash there.
      negotiationTypeIds: [5, 4, 8],
    },
    erpCentro,
    balcaoSe,
  ],
  referrers: [
    {
      number: 34,
      key: 'k9x',
      description: 'Contabilidade Ribeiro & Associados',
      image: {
        name: 'contabilidade-ribeiro.svg',
        description: 'Logotipo da Contabilidade Ribeiro & Associados',
        href: '/parceiros/contabilidade-ribeiro.svg',
      },
      negotiationTypeIds: [2, 3, 5, 7, 1],
    },
    contabilidadeIndicador,
    anaSouzaReferrer,
  ],
  users: [
    {
      password: 'Maria@2026',
      user: {
        id: 501,
        document: '52998224725',
        name: 'Maria Aparecida Santos',
        stateRegistration: null,
        email: 'maria.santos@exemplo.com.br',
        phone: '1133224455',
        cellphone: '11987654321',
        state: 'SP',
        city: 'São Paulo',
        address: 'Avenida Paulista',
        neighborhood: 'Bela Vista',
        number: 1578,
        addressDetail: 'Apto 84',
        zipCode: '01310200',
      },
    },
    {
      password: 'Joao@2026',
      user: {
        id: 502,
        document: '11144477735',
        name: 'João Carlos Pereira',
        stateRegistration: '110042490114',
        email: 'joao.pereira@exemplo.com.br',
        phone: null,
        cellphone: '21998761234',
        state: 'RJ',
        city: 'Rio de Janeiro',
        address: 'Rua da Assembleia',
        neighborhood: 'Centro',
        number: 10,
        addressDetail: 'Sala 1201',
        zipCode: '20011000',
      },
    },
    companyAccount,
    anaSouzaAccount,
  ],
  orders: [
    {
      id: 1001,
      code: 'V2026-001001',
      publicToken: '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30',
      document: '52998224725',
      date: '2026-11-18T13:05:00Z',
      status: 1,
      statusPayment: 'PENDENTE',
      items: [{ sku: 'ECPF-A3-36-TOKEN', quantity: 1 }],
      discountCents: 0,
      negotiationTypeId: 3,
      paid: false,
      uri: 'i34_k9x',
    },
    {
      id: 1002,
      code: 'V2026-001002',
      publicToken: '2b7d4e9a1c3f4a6b8d0e2f4a6c8e0b12',
      document: '52998224725',
      date: '2026-10-02T17:42:10Z',
      status: 1,
      statusPayment: 'CONCLUIDO',
      items: [
        { sku: 'ECNPJ-A1-12', quantity: 1 },
        { sku: 'INSTALACAO-REMOTA', quantity: 1 },
      ],
      discountCents: 2490,
      negotiationTypeId: 7,
      paid: true,
    },
    {
      id: 1003,
      code: 'V2026-001003',
      publicToken: '5e8a1d3c7b9f4e2a6c0d8b4f2e6a9c14',
      document: '52998224725',
      date: '2026-09-15T10:00:00Z',
      status: 0,
      statusPayment: null,
      items: [{ sku: 'VALIDACAO-VIDEO', quantity: 1 }],
      discountCents: 4990,
      negotiationTypeId: 2,
      paid: false,
    },
    {
      id: 1004,
      code: 'V2026-001004',
      publicToken: '7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56',
      document: '52998224725',
      date: '2026-08-20T09:15:30Z',
      status: 1,
      statusPayment: 'CONCLUIDO',
      items: [{ sku: 'ECPF-A1-12', quantity: 2 }],
      discountCents: 0,
      negotiationTypeId: 3,
      paid: true,
      uri: 'i34_k9x',
    },
    {
      id: 1005,
      code: 'V2026-001005',
      publicToken: '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78',
      document: '11144477735',
      date: '2026-11-20T20:30:00Z',
      status: 1,
      statusPayment: 'PENDENTE',
      items: [
        { sku: 'ECPF-A1-12', quantity: 1 },
        { sku: 'LEITORA-CARTAO', quantity: 1 },
      ],
      discountCents: 0,
      negotiationTypeId: 4,
      paid: false,
      uri: 'u12_ab3f',
    },
    // Cancelled through DELETE /order-external/:id: the offline service marks it `CANCELADO`
    // with status 0 (model.ts cancelOrder). Its boletos stay in the answer, as they would
    // upstream; the order page must not offer them.
    {
      id: 1006,
      code: 'V2026-001006',
      publicToken: 'c4e1a8d2f6b94e07a3c5d9e1b7f20a66',
      document: '11144477735',
      date: '2026-10-05T15:20:00Z',
      status: 0,
      statusPayment: 'CANCELADO',
      items: [{ sku: 'ECPF-A1-12', quantity: 1 }],
      discountCents: 0,
      negotiationTypeId: 3,
      paid: false,
    },
    // A boleto à vista due in June 2026 and never paid: overdue on any later day.
    {
      id: 1007,
      code: 'V2026-001007',
      publicToken: 'd8b3f5a1c7e24d96b0a4c2e8f6d13b77',
      document: '11144477735',
      date: '2026-06-10T12:00:00Z',
      status: 1,
      statusPayment: 'PENDENTE',
      items: [{ sku: 'ECPF-A1-12', quantity: 1 }],
      discountCents: 0,
      negotiationTypeId: 2,
      paid: false,
    },
    // Partly paid: the first of two boletos settled, the second open. The ERP cannot cancel a
    // sale with a settled installment (erp/guias/venda.md), so neither does the store.
    {
      id: 1008,
      code: 'V2026-001008',
      publicToken: 'e5a2c7f9b1d34e68a0c2e4f6b8d1a399',
      document: '11144477735',
      date: '2026-11-12T14:10:00Z',
      status: 1,
      statusPayment: 'PENDENTE',
      items: [{ sku: 'ECNPJ-A1-12', quantity: 1 }],
      discountCents: 0,
      negotiationTypeId: 3,
      paid: false,
      settledInstallments: 1,
    },
    ...companyOrders,
  ],
  docsOnlyOrders: companyErpOrders,
  partners: [anaSouzaPartner],
  portal: 'https://gestao.certificabrasil.com.br/portal',
}
