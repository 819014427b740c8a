import { dateToServiceDate } from '../../common/rules/service-date'
import { signDownload } from './build-order'
import type { ErpOrderWire, OrderSeed, PlaceSeed, TenantSeed, UserSeed } from './types'

/**
 * Certifica Brasil's company account and what the docs dialect needs to be exercised: a CNPJ
 * login with 23 orders (three HAL pages of 10), four- and five-figure totals (number_format's
 * "1,394.50"), two orders made in the ERP with PHP nulls (docs dialect only), a referrer whose
 * key holds a `-` and a unit whose listing carries a product without a price (docs only).
 */

export const COMPANY_CNPJ = '11222333000181'

export const companyAccount: UserSeed = {
  password: 'Empresa@2026',
  user: {
    id: 520,
    document: COMPANY_CNPJ,
    name: 'Horizonte Azul Engenharia Ltda',
    stateRegistration: '115374260119',
    email: 'financeiro@horizonteazul.com.br',
    phone: '1135550190',
    cellphone: '11991234567',
    state: 'SP',
    city: 'Campinas',
    address: 'Avenida José de Souza Campos',
    neighborhood: 'Cambuí',
    number: 900,
    addressDetail: 'Conjunto 52',
    zipCode: '13025320',
  },
}

/** `i7_contabilidade-indicador`: a hosted-shop link writes it `i7-contabilidade-indicador`. */
export const contabilidadeIndicador: PlaceSeed = {
  number: 7,
  key: 'contabilidade-indicador',
  description: 'Indicação – Contabilidade Horizonte',
  image: {
    name: 'contabilidade-horizonte.svg',
    description: 'Logotipo da Contabilidade Horizonte',
    href: '/parceiros/contabilidade-horizonte.svg',
  },
  negotiationTypeIds: [3, 5, 7, 4],
}

/** `u9_erp-centro`: in the docs dialect its listing adds a product the ERP left without a price. */
export const erpCentro: PlaceSeed = {
  number: 9,
  key: 'erp-centro',
  description: 'Unidade Centro – Campinas/SP',
  image: {
    name: 'unidade-centro.svg',
    description: 'Fachada da Unidade Centro',
    href: '/parceiros/unidade-centro.svg',
  },
  negotiationTypeIds: [5, 1, 2],
  docsOnlyProducts: [
    {
      id: 901,
      sku: 'ECNPJ-A3-RENOVACAO-BALCAO',
      description: 'Renovação e-CNPJ A3 no balcão (preço sob consulta)',
      status: 1,
      price: null,
      image: {
        name: 'ecnpj-a3-cartao.webp',
        description: 'Cartão inteligente e leitora do e-CNPJ A3',
        href: '/produtos/ecnpj-a3-cartao.webp',
      },
      groupDescription: 'Certificação Digital e-CNPJ',
    },
  ],
}

/** A stable 32-hex public token per order id (the service hands out opaque tokens). */
function companyToken(id: number): string {
  return signDownload(String(id), 'horizonte-azul') + signDownload(String(id), 'pedido-publico')
}

type Row = [
  id: number,
  date: string,
  statusPayment: 'PENDENTE' | 'CONCLUIDO' | null,
  /** `sku×quantity`, space-separated: one line per order keeps the table readable. */
  items: string,
  discountCents: number,
  /** The plan: 5/6/7/4/1 card 1x/2x/3x/6x/12x, 2 boleto at once, 3 boleto in 2x. */
  negotiationTypeId: number,
  uri?: string,
]

const I7 = 'i7_contabilidade-indicador'

// Ids 601–623 run with the dates; 607 and 616 are the ERP's (below). Ids stay under 1001 so an
// order created offline still gets the next id after the tenant's original seeds. Six totals
// reach four or five figures (602, 604, 606, 609, 612, 621) for number_format's thousands.
// prettier-ignore
const ROWS: Row[] = [
  [601, '2025-01-14T12:30:00Z', 'CONCLUIDO', 'ECNPJ-A1-12×1', 0, 5],
  [602, '2025-02-03T14:10:00Z', 'CONCLUIDO', 'ECPF-A1-12×5 TOKEN-USB×5', 0, 3],
  [603, '2025-02-27T09:45:00Z', null, 'VALIDACAO-VIDEO×1', 4990, 2],
  [604, '2025-03-19T16:00:00Z', 'CONCLUIDO', 'ECNPJ-A3-36-CARTAO×2', 0, 1],
  [605, '2025-04-08T11:20:00Z', 'CONCLUIDO', 'INSTALACAO-REMOTA×3', 0, 7, I7],
  [606, '2025-05-02T10:05:00Z', 'CONCLUIDO', 'ECPF-A3-36-TOKEN×4', 0, 3, I7],
  [608, '2025-06-12T13:40:00Z', null, 'ECPF-A1-12×1', 15990, 2],
  [609, '2025-07-01T15:15:00Z', 'CONCLUIDO', 'ECNPJ-A1-12×10', 10000, 2],
  [610, '2025-07-29T08:50:00Z', 'CONCLUIDO', 'LEITORA-CARTAO×2', 0, 6],
  [611, '2025-08-18T17:25:00Z', 'CONCLUIDO', 'ECPF-A3-12-SEM-MIDIA×1 VALIDACAO-VIDEO×1', 0, 5],
  [612, '2025-09-09T12:00:00Z', 'CONCLUIDO', 'ECNPJ-A3-36-CARTAO×20', 0, 3],
  [613, '2025-10-06T10:30:00Z', null, 'TOKEN-USB×1', 11900, 2],
  [614, '2025-11-04T14:45:00Z', 'CONCLUIDO', 'ECPF-A1-12×3', 2000, 7, I7],
  [615, '2025-12-01T09:00:00Z', 'CONCLUIDO', 'ECNPJ-A1-12×1 INSTALACAO-REMOTA×1', 0, 6],
  [617, '2026-02-10T16:20:00Z', 'CONCLUIDO', 'ECPF-A3-36-TOKEN×1', 0, 5],
  [618, '2026-03-17T11:10:00Z', 'PENDENTE', 'ECNPJ-A3-36-CARTAO×1', 0, 2],
  [619, '2026-05-05T13:00:00Z', 'CONCLUIDO', 'VALIDACAO-VIDEO×4', 0, 5, I7],
  [620, '2026-07-22T10:40:00Z', null, 'LEITORA-CARTAO×1', 8999, 2],
  [621, '2026-09-14T15:30:00Z', 'PENDENTE', 'ECPF-A1-12×8', 0, 3],
  [622, '2026-10-28T09:15:00Z', 'PENDENTE', 'ECNPJ-A1-12×2', 0, 4],
  [623, '2026-11-16T18:05:00Z', 'PENDENTE', 'TOKEN-USB×3 LEITORA-CARTAO×3', 0, 7, I7],
]

/** The company's 21 store orders: in both dialects. */
export const companyOrders: OrderSeed[] = ROWS.map(
  ([id, date, statusPayment, items, discountCents, negotiationTypeId, uri]) => ({
    id,
    code: `V${date.slice(0, 4)}-${String(id).padStart(6, '0')}`,
    publicToken: companyToken(id),
    document: COMPANY_CNPJ,
    date,
    status: statusPayment === null ? 0 : 1,
    statusPayment,
    items: items.split(' ').map((line) => {
      const [sku = '', quantity = '1'] = line.split('×')
      return { sku, quantity: Number(quantity) }
    }),
    discountCents,
    negotiationTypeId,
    paid: statusPayment === 'CONCLUIDO',
    ...(uri ? { uri } : {}),
  }),
)

/** The customer as the ERP keeps it: nobody typed the phone, the complement or the number. */
const erpCustomer: ErpOrderWire['user'] = {
  ...companyAccount.user,
  id: companyAccount.user.id ?? 0,
  phone: '',
  addressDetail: null,
  number: 0,
}

/** "Dinheiro", a negotiation type of the ERP's counter: no payment method, no installment type. */
function cash(ruleId: number): ErpOrderWire['negotiationType'] {
  return {
    id: 90,
    description: 'Dinheiro',
    paymentSettings: { paymentMethod: null, installments: 0 },
    installments: [
      {
        id: ruleId,
        paymentMethod: null,
        generatePaymentBoleto: null,
        generatePaymentCreditCard: null,
        installmentDueDate: 0,
        installmentPercent: 100,
        installmentsType: null,
        installments: 0,
        installment: 0,
      },
    ],
  }
}

/** Two sales made at the ERP's counter, shaped like api/private/order_details.md. */
export const companyErpOrders: NonNullable<TenantSeed['docsOnlyOrders']> = [
  {
    publicToken: companyToken(607),
    detail: {
      id: 607,
      type: 'V',
      code: 'ERP-000607',
      date: dateToServiceDate(new Date('2025-05-21T14:00:00Z')),
      status: 0,
      orderDiscount: null,
      orderTotal: null,
      statusPayment: null,
      user: erpCustomer,
      orderItems: [
        {
          id: 6071,
          quantity: 1,
          price: 235,
          description: 'CERTIFICADO PJ A1',
          image: {
            name: 'ecnpj-a1.webp',
            description: 'ecnpj-a1.webp',
            href: '/produtos/ecnpj-a1.webp',
          },
        },
      ],
      financialItems: [],
      attachmentItems: [],
      negotiationType: cash(60701),
    },
  },
  {
    publicToken: companyToken(616),
    detail: {
      id: 616,
      type: 'V',
      code: 'ERP-000616',
      date: dateToServiceDate(new Date('2026-01-13T10:30:00Z')),
      status: 1,
      orderDiscount: null,
      orderTotal: null,
      statusPayment: 'CONCLUIDO',
      user: erpCustomer,
      orderItems: [
        // A service the ERP sells without a picture: PHP prints the empty array.
        { id: 6161, quantity: 1, price: 180, description: 'VISITA TÉCNICA NO CLIENTE', image: [] },
        {
          id: 6162,
          quantity: 2,
          price: 119,
          description: 'TOKEN USB',
          image: {
            name: 'token-usb.webp',
            description: 'token-usb.webp',
            href: '/produtos/token-usb.webp',
          },
        },
      ],
      financialItems: [
        {
          id: 61601,
          code: 'ERP-000616-1',
          dueDate: dateToServiceDate(new Date('2026-01-13T00:00:00Z')),
          installment: 1,
          amountPaid: 418,
          amount: 418,
          type: 'DINHEIRO',
          status: 'LIQUIDADO',
          payment: [],
        },
      ],
      attachmentItems: [],
      negotiationType: cash(61601),
    },
  },
]
