/**
 * A partner's leads are other people's data: the relay passes them on masked and logs none of
 * them, whatever the service sends. The attack: a lead's CPF, e-mail and phone planted in every
 * place of the service's answers the relay reads or might log (the entries, fields the store
 * does not know, `_links`, an error's title, detail and trace, a body that breaks the contract),
 * then every log line and every byte the browser gets is searched for them, in any punctuation.
 */
import { describe, expect, it } from 'vitest'
import { ANA_SOUZA, buildRelay, type RelayHarness } from '../testing/test-helpers'
import type { Fetcher } from '../http/types'

const CPF = '86621058152'
const CPF_SPELLED = '866.210.581-52'
const EMAIL = 'fabio.alves.sigiloso@exemplo.com.br'
const PHONE = '11977665544'

/** The lead in every field, and in fields and links the store does not read. */
const PLANTED_LEAD = {
  id: 4106,
  document: CPF_SPELLED,
  name: 'Fábio Nogueira Alves',
  email: EMAIL,
  phone: PHONE,
  cellphone: PHONE,
  observacao: `CPF ${CPF}, ${EMAIL}`,
  _links: { self: { href: `http://servico.offline/user-indication?cpf=${CPF}&email=${EMAIL}` } },
}

const PLANTED_GAIN = {
  id: 1,
  product: 'e-CPF A1',
  amount: '10.00',
  buyer: { document: CPF, email: EMAIL },
}

/** An earning whose own texts, the ones the partner is shown, name the lead. */
const PLANTED_GAIN_TEXT = {
  id: 2,
  description: `Pedido de ${CPF_SPELLED} (${EMAIL}), tel. (11) 97766-5544`,
  status: `Aguardando ${CPF} / ${PHONE}`,
  amount: '5.00',
}

/** Anything that spells the CPF (digits with any separators between them) or the e-mail. */
const SPELLS_CPF = new RegExp(CPF.split('').join('\\D{0,3}'))
const SPELLS_PHONE = new RegExp(PHONE.split('').join('\\D{0,3}'))

function expectNoLead(text: string, where: string) {
  expect(text, where).not.toMatch(SPELLS_CPF)
  expect(text, where).not.toContain(EMAIL)
  expect(text, where).not.toContain('fabio.alves')
  expect(text, where).not.toMatch(SPELLS_PHONE)
}

/** The partner reads answered by `answer`; everything else by the offline service. */
function partnerReads(
  answer: (path: string) => Response,
): (r: Request, o: Fetcher) => Promise<Response> {
  return async (request, offline) => {
    const path = new URL(request.url).pathname
    return path.startsWith('/user-indication') ? answer(path) : offline(request)
  }
}

/** Both reads of the page, each in a session of its own (a 401 ends the one it was asked in). */
async function browse(relay: RelayHarness) {
  const read = async (path: string) => {
    const cookie = await relay.login(ANA_SOUZA)
    const res = await relay.request(path, { headers: { Cookie: cookie } })
    return { res, text: await res.text() }
  }
  const leads = await read('/api/referrer/results')
  const earnings = await read('/api/referrer/earnings')
  return { leads, earnings, text: leads.text + earnings.text }
}

const hal = (name: string, items: unknown[]) =>
  Response.json({ _embedded: { [name]: items }, total_items: items.length, page_count: 1 })

/** An error whose every text carries the lead: the envelope, a trace, field messages. */
const plantedError = (status: number) =>
  Response.json(
    {
      type: `http://servico.offline/erro?cpf=${CPF}`,
      title: `Lead ${EMAIL} ${CPF_SPELLED} already indicated`,
      status,
      detail: `The user ${CPF} (${EMAIL}) is already indicated`,
      validation_messages: { document: { exists: `${CPF_SPELLED} ${EMAIL}` } },
      trace: [{ file: '/var/www/IndicationService.php', args: [CPF, EMAIL, PHONE] }],
    },
    { status },
  )

describe('a lead planted in the service’s answers reaches no log line and nothing unmasked', () => {
  it('in a success: the browser gets the lead masked, the logs nothing of it', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: partnerReads((path) =>
        path === '/user-indication'
          ? hal('user_indication', [PLANTED_LEAD])
          : hal('user_indication_gain', [PLANTED_GAIN, PLANTED_GAIN_TEXT]),
      ),
    })
    const { leads, earnings, text } = await browse(relay)
    expect(leads.res.status).toBe(200)
    expect(earnings.res.status).toBe(200)
    expect(JSON.parse(leads.text).leads.items).toEqual([
      {
        id: 4106,
        name: 'Fábio Nogueira Alves',
        document: '***.210.581-**',
        email: 'f***@exemplo.com.br',
        phone: '(**) *****-5544',
      },
    ])
    // The earning's own texts, masked as the lead's fields are.
    expect(JSON.parse(earnings.text).earnings.items[1]).toMatchObject({
      label: 'Pedido de ***.210.581-** (f***@exemplo.com.br), tel. (**) *****-5544',
      status: 'Aguardando ***.210.581-** / ***.776.655-**',
    })
    expectNoLead(text, 'browser')
    expect(text).not.toContain('_links')
    expect(text).not.toContain('observacao')
    expectNoLead(JSON.stringify(relay.logs), 'logs')
    expect(relay.logs.some((e) => e.msg === 'request')).toBe(true)
  })

  it('in a body that breaks the contract: 502, and the log names paths, never values', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: partnerReads((path) =>
        path === '/user-indication'
          ? hal('user_indication', [{ ...PLANTED_LEAD, id: `${CPF} ${EMAIL}` }])
          : hal('user_indication_gain', [PLANTED_GAIN]),
      ),
    })
    const { leads, text } = await browse(relay)
    expect(leads.res.status).toBe(502)
    expectNoLead(text, 'browser')
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'upstream contract violation', op: 'listIndications' }),
    )
    expectNoLead(JSON.stringify(relay.logs), 'logs')
  })

  it.each([400, 401, 403, 404, 409, 418, 422, 429, 500, 503])(
    'in a %i’s title, detail and trace',
    async (status) => {
      const relay = buildRelay({
        offlineDialect: 'docs',
        upstream: partnerReads(() => plantedError(status)),
      })
      const { text } = await browse(relay)
      expect(relay.calls.some((c) => c.url.pathname === '/user-indication')).toBe(true)
      expect(relay.calls.some((c) => c.url.pathname === '/user-indication-gain')).toBe(true)
      expectNoLead(text, 'browser')
      expectNoLead(JSON.stringify(relay.logs), 'logs')
    },
  )
})
