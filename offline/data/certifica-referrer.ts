import type { PartnerSeed, PlaceSeed, UserSeed } from './types'

/**
 * Ana Souza, an accountant who refers her clients to Certifica Brasil: her link `i21_ana-souza`
 * (the referrer kit's example, `/i/21-ana-souza/token-usb`), the partner account she logs in
 * with, and what the docs dialect answers her partner reads: twelve leads (two HAL pages of
 * 10), ten people and two companies, with PHP's nulls where nobody typed a contact, and three
 * earnings. Every document is a valid CPF or CNPJ, and none is an account of the store.
 */

export const ANA_SOUZA_CPF = '92347882902'

export const anaSouzaReferrer: PlaceSeed = {
  number: 21,
  key: 'ana-souza',
  description: 'Ana Souza Assessoria Contábil',
  image: {
    name: 'ana-souza.svg',
    description: 'Monograma da Ana Souza Assessoria Contábil',
    href: '/parceiros/ana-souza.svg',
  },
  negotiationTypeIds: [5, 7, 2, 3],
}

export const anaSouzaAccount: UserSeed = {
  password: 'Parceira@2026',
  user: {
    id: 530,
    document: ANA_SOUZA_CPF,
    name: 'Ana Paula de Souza',
    stateRegistration: null,
    email: 'ana.souza@exemplo.com.br',
    phone: '1133345566',
    cellphone: '11976543210',
    state: 'SP',
    city: 'Santo André',
    address: 'Rua das Figueiras',
    neighborhood: 'Jardim',
    number: 474,
    addressDetail: 'Sala 3',
    zipCode: '09080300',
  },
}

const lead = (
  id: number,
  document: string,
  name: string,
  email: string | null,
  cellphone: string | null,
  phone: string | null = null,
) => ({ id, document, name, email, phone, cellphone })

/** A PHP DateTime as the service prints one. */
const at = (date: string) => ({ date: `${date}.000000`, timezone_type: 3, timezone: 'UTC' })

export const anaSouzaPartner: PartnerSeed = {
  document: ANA_SOUZA_CPF,
  // By id, oldest first, as an Apigility collection lists them.
  leads: [
    lead(4101, '85877414623', 'Bruno Henrique Lima', 'bruno.lima@exemplo.com.br', '11987001122'),
    lead(4102, '48709645896', 'Carla Mendes Rocha', 'carla.rocha@exemplo.com.br', '11996002233'),
    lead(
      4103,
      '25665598000169',
      'Padaria Pão Dourado Ltda',
      'contato@paodourado.com.br',
      null,
      '1144556677',
    ),
    lead(
      4104,
      '31054315191',
      'Daniel Ferreira Costa',
      'daniel.costa@exemplo.com.br',
      '21988003344',
    ),
    lead(4105, '53845058420', 'Elisa Martins Duarte', null, '11985004455'),
    lead(4106, '86621058152', 'Fábio Nogueira Alves', 'fabio.alves@exemplo.com.br', null),
    lead(
      4107,
      '12115006402',
      'Gabriela Teixeira Ramos',
      'gabi.ramos@exemplo.com.br',
      '(11) 97006-5566',
    ),
    lead(4108, '53367975966', 'Heitor Barbosa Pinto', 'heitor.pinto@exemplo.com.br', '31999007788'),
    lead(
      4109,
      '00371491000187',
      'Oficina Mecânica Dois Irmãos ME',
      'oficina2irmaos@exemplo.com.br',
      '11984008899',
      '1135557788',
    ),
    lead(
      4110,
      '87471076690',
      'Isabela Cardoso Freitas',
      'isabela.freitas@exemplo.com.br',
      '11983009900',
    ),
    lead(4111, '51308752733', 'João Victor Moreira', 'jv.moreira@exemplo.com.br', '11982001010'),
    lead(
      4112,
      '97019474608',
      'Larissa Campos Vieira',
      'larissa.vieira@exemplo.com.br',
      '11981002020',
    ),
  ],
  gains: [
    {
      id: 3101,
      product: 'Certificado Digital e-CPF A1 – 12 meses',
      amount: '15.99',
      dateCreated: at('2026-08-14 10:20:00'),
      status: 'PAGO',
    },
    {
      id: 3102,
      product: 'Certificado Digital e-CNPJ A3 – 36 meses + cartão e leitora',
      amount: '54.90',
      dateCreated: at('2026-09-22 16:05:00'),
      status: 'PAGO',
    },
    {
      id: 3103,
      product: 'Certificado Digital e-CNPJ A1 – 12 meses',
      amount: '23.99',
      dateCreated: at('2026-11-03 09:40:00'),
      status: 'PENDENTE',
    },
  ],
}
