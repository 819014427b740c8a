import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import {
  indicationGainListSchema,
  indicationListSchema,
  readEarning,
  referrerEarningsSchema,
  referrerResultsSchema,
} from './indication'

describe('the partner’s leads (GET /user-indication)', () => {
  it('reads the docs’ example as it is (api/private/list_indications.md)', () => {
    const docs = {
      _links: { self: { href: 'https://api.gestao.plus/user-indication' } },
      _embedded: {
        user_indication: [
          {
            id: 4,
            document: '12312312312',
            name: 'Softwares e Solucoes',
            email: 'email@gestao.plus',
            phone: null,
            cellphone: '12312312312',
            _links: { self: { href: 'https://api.gestao.plus/user-indication/4' } },
          },
          {
            id: 666,
            document: '123123123123',
            name: 'Conta Rapida',
            email: 'email@teste.com.br',
            phone: '(81) 13123123123',
            cellphone: null,
            _links: { self: { href: 'https://api.gestao.plus/user-indication/19' } },
          },
        ],
      },
      total_items: 3,
    }
    const parsed = safeParse(indicationListSchema, docs)
    expect(parsed.success).toBe(true)
    expect(parsed.data!._embedded.user_indication[1]).toMatchObject({
      id: 666,
      phone: '(81) 13123123123',
      cellphone: null,
    })
  })

  it('takes an id PHP printed as text, and refuses one that is no id', () => {
    const list = (id: unknown) => ({
      _embedded: { user_indication: [{ id, document: '1', name: 'x' }] },
    })
    expect(safeParse(indicationListSchema, list('19')).data?._embedded.user_indication[0]?.id).toBe(
      19,
    )
    expect(safeParse(indicationListSchema, list('x9')).success).toBe(false)
  })
})

describe('earnings, read leniently (GET /user-indication-gain: no entry shape documented)', () => {
  it('reads the docs’ empty example', () => {
    const parsed = safeParse(indicationGainListSchema, {
      _links: { self: { href: 'https://api.gestao.plus/user-indication-gain' } },
      _embedded: { user_indication_gain: [] },
      total_items: 0,
    })
    expect(parsed.data?._embedded.user_indication_gain).toEqual([])
  })

  it('an entry in the shape of the service’s orders: product, number_format money, a DateTime', () => {
    expect(
      readEarning({
        id: 31,
        product: 'e-CPF A1 (12 meses)',
        amount: '1,234.50',
        date: { date: '2026-05-04 13:00:00.000000', timezone_type: 3, timezone: 'UTC' },
        status: 'LIQUIDADO',
      }),
    ).toEqual({
      label: 'e-CPF A1 (12 meses)',
      amountCents: 123450,
      date: '2026-05-04T13:00:00.000Z',
      status: 'LIQUIDADO',
    })
  })

  it('other names for the same fields, a product object, a day, a numeric status', () => {
    expect(
      readEarning({
        product: { id: 3, description: 'e-CNPJ A3', sku: 'ECNPJ-A3' },
        valor: 49.9,
        data: '2026-04-30',
        situacao: 2,
      }),
    ).toEqual({ label: 'e-CNPJ A3', amountCents: 4990, date: '2026-04-30', status: '2' })
  })

  it('an entry with nothing readable is still an earning, with nulls', () => {
    expect(readEarning({ id: 7, amount: 'muito', date: 'ontem', status: '' })).toEqual({
      label: '#7',
      amountCents: null,
      date: null,
      status: null,
    })
    expect(readEarning(null)).toEqual({ label: '', amountCents: null, date: null, status: null })
    expect(readEarning('x')).toEqual({ label: '', amountCents: null, date: null, status: null })
  })

  it('an impossible date or an ISO instant with an offset', () => {
    expect(readEarning({ date: '2026-02-30' }).date).toBeNull()
    expect(readEarning({ createdAt: '2026-05-04T10:00:00-03:00' }).date).toBe(
      '2026-05-04T13:00:00.000Z',
    )
  })

  it('an entry of any shape never fails the list', () => {
    const parsed = safeParse(indicationGainListSchema, {
      _embedded: { user_indication_gain: [1, 'x', [], { amount: 10 }] },
    })
    expect(parsed.success).toBe(true)
    expect(parsed.data!._embedded.user_indication_gain[3]?.amountCents).toBe(1000)
  })
})

describe('GET /api/referrer/results and /api/referrer/earnings', () => {
  it('parses every answer of both', () => {
    const portal = 'https://exemplo.gestao.plus/portal'
    for (const schema of [referrerResultsSchema, referrerEarningsSchema]) {
      expect(safeParse(schema, { available: false, portal: null }).success).toBe(true)
    }
    const leads = (total: number | null) => ({
      items: [{ id: 1, name: 'A', document: '***.456.789-**', email: null, phone: null }],
      page: 1,
      pageCount: 1,
      total,
    })
    for (const total of [1, null]) {
      const parsed = safeParse(referrerResultsSchema, {
        available: true,
        portal,
        leads: leads(total),
      })
      expect(parsed.success, String(total)).toBe(true)
    }
    for (const earnings of [
      null,
      { items: [{ label: 'Token', amountCents: 100, date: null, status: null }], totalCents: 100 },
    ]) {
      expect(safeParse(referrerEarningsSchema, { available: true, portal, earnings }).success).toBe(
        true,
      )
    }
  })
})
