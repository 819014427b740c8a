import { describe, expect, it } from 'vitest'
import {
  indicationGainListSchema,
  indicationListSchema,
} from '../../common/contract/schemas/indication'
import { createOfflineService, describeFixtures } from '../offline-service'
import { ANA_SOUZA_CPF } from '../data/certifica-referrer'
import { CERTIFICA, DIGITAL_SUL, MARIA, bearerFor, expectProblem } from '../testing/test-kit'

/** The partner reads (api/private/list_indications.md, indication_profit.md): docs only. */

const ANA = { username: '923.478.829-02', password: 'Parceira@2026' }

const docs = createOfflineService({ dialect: 'docs' })
const send = (url: string, init?: RequestInit) => docs.fetch(new Request(url, init))
const BASE = docs.model.baseUrl

const get = (path: string, headers: Record<string, string>) => send(`${BASE}${path}`, { headers })

describe('GET /user-indication, docs dialect', () => {
  it('the partner’s twelve leads in Apigility’s pages of 10', async () => {
    const token = await bearerFor(send, BASE, 'docs', ANA)
    const auth = { Origin: CERTIFICA, Authorization: `Bearer ${token}` }
    const first = await get('/user-indication', auth)
    expect(first.status).toBe(200)
    const page1 = (await first.json()) as Record<string, unknown>
    expect(page1).toMatchObject({ page: 1, page_count: 2, page_size: 10, total_items: 12 })
    expect((page1._links as { next: { href: string } }).next.href).toBe(
      `${BASE}/user-indication?page=2`,
    )
    const list = indicationListSchema.parse(page1)
    expect(list._embedded.user_indication).toHaveLength(10)
    expect(list._embedded.user_indication[0]).toMatchObject({
      id: 4101,
      document: '85877414623',
      name: 'Bruno Henrique Lima',
    })
    const page2 = indicationListSchema.parse(
      await (await get('/user-indication?page=2', auth)).json(),
    )
    expect(page2._embedded.user_indication.map((l) => l.id)).toEqual([4111, 4112])
    await expectProblem(await get('/user-indication?page=3', auth), 409, 'Conflict')
  })

  it('earnings: a HAL collection of entries the store reads leniently', async () => {
    const token = await bearerFor(send, BASE, 'docs', ANA)
    const res = await get('/user-indication-gain', {
      Origin: CERTIFICA,
      Authorization: `Bearer ${token}`,
    })
    expect(res.status).toBe(200)
    const gains = indicationGainListSchema.parse(await res.json())
    expect(gains._embedded.user_indication_gain).toEqual([
      {
        label: 'Certificado Digital e-CPF A1 – 12 meses',
        amountCents: 1599,
        date: '2026-08-14T10:20:00.000Z',
        status: 'PAGO',
      },
      expect.objectContaining({ amountCents: 5490 }),
      expect.objectContaining({ amountCents: 2399, status: 'PENDENTE' }),
    ])
  })

  it('an account that is no partner: the scope refusal; no bearer or a dead one: 401', async () => {
    const maria = await bearerFor(send, BASE, 'docs', MARIA)
    for (const path of ['/user-indication', '/user-indication-gain']) {
      await expectProblem(
        await get(path, { Origin: CERTIFICA, Authorization: `Bearer ${maria}` }),
        403,
        'Forbidden',
        'Forbidden (indicator scope)',
      )
      await expectProblem(await get(path, { Origin: CERTIFICA }), 401, 'Unauthorized')
      await expectProblem(
        await get(path, { Origin: CERTIFICA, Authorization: 'Bearer morto' }),
        401,
        'Unauthorized',
      )
    }
  })

  it('another tenant’s origin never reads the partner (their bearer is not its)', async () => {
    const token = await bearerFor(send, BASE, 'docs', ANA)
    const res = await get('/user-indication', {
      Origin: DIGITAL_SUL,
      Authorization: `Bearer ${token}`,
    })
    expect(res.status).toBe(401)
  })

  it('--print-fixtures names the partner, not their leads', () => {
    const certifica = describeFixtures(docs.model).tenants[0]!
    expect(certifica.partners).toEqual([{ document: ANA_SOUZA_CPF, leads: 12, earnings: 3 }])
    expect(certifica.users.map((u) => u.document)).toContain(ANA_SOUZA_CPF)
    expect(certifica.referrers.map((r) => r.ref)).toContain('i21_ana-souza')
  })
})

describe('the spec dialect has no partner reads', () => {
  it('both paths are unknown there (404), even for the partner', async () => {
    const spec = createOfflineService()
    const specSend = (url: string, init?: RequestInit) => spec.fetch(new Request(url, init))
    const token = await bearerFor(specSend, spec.model.baseUrl, 'spec', ANA)
    for (const path of ['/user-indication', '/user-indication-gain']) {
      const res = await specSend(`${spec.model.baseUrl}${path}`, {
        headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
      })
      expect(res.status, path).toBe(404)
    }
  })
})
