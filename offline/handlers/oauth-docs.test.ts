import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOfflineService } from '../offline-service'
import { setupOfflineServer } from '../node'
import { COMPANY, MARIA, expectProblem, grantBody, postGrant } from '../testing/test-kit'

/** POST /oauth in the docs dialect, and each dialect refusing the other's field spelling. */

const docs = setupOfflineServer({ dialect: 'docs' })
beforeAll(() => docs.server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => docs.server.close())

const spec = createOfflineService({ dialect: 'spec' })
const specSend = (url: string, init?: RequestInit) => spec.fetch(new Request(url, init))

describe('POST /oauth, docs dialect', () => {
  it('takes client_id / client_secret / grant_type and answers expires_in "43200"', async () => {
    const res = await postGrant(fetch, docs.model.baseUrl, grantBody('docs', MARIA))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      expires_in: '43200',
      token_type: 'Bearer',
      scope: '',
      access_token: expect.stringMatching(/^\S{16,}$/),
    })
  })

  it.each([
    ['masked', COMPANY.username],
    ['digits only', '11222333000181'],
  ])('logs the company in with its CNPJ (%s)', async (_label, username) => {
    const res = await postGrant(
      fetch,
      docs.model.baseUrl,
      grantBody('docs', { ...COMPANY, username }),
    )
    expect(res.status).toBe(200)
  })

  it('refuses the spec spelling (client:id…) as 400 invalid_client', async () => {
    const body = await expectProblem(
      await postGrant(fetch, docs.model.baseUrl, grantBody('spec', MARIA)),
      400,
      'invalid_client',
    )
    expect(body.detail).toBe('The client credentials are invalid')
  })

  it.each([
    ['a wrong client_id', { client_id: 'web' }],
    ['a wrong grant_type', { grant_type: 'client_credentials' }],
    ['a client_secret where null is expected', { client_secret: 's3cret' }],
  ])('400 invalid_client for %s', async (_label, overrides) => {
    await expectProblem(
      await postGrant(fetch, docs.model.baseUrl, grantBody('docs', MARIA, overrides)),
      400,
      'invalid_client',
    )
  })

  it('401 invalid_grant for a wrong password, with the docs’ words', async () => {
    await expectProblem(
      await postGrant(
        fetch,
        docs.model.baseUrl,
        grantBody('docs', { ...COMPANY, password: 'errada' }),
      ),
      401,
      'invalid_grant',
      'Invalid username and password combination',
    )
  })
})

describe('POST /oauth, spec dialect stays strict', () => {
  it('refuses the docs spelling (client_id…) as 400 invalid_client', async () => {
    await expectProblem(
      await postGrant(specSend, spec.model.baseUrl, grantBody('docs', MARIA)),
      400,
      'invalid_client',
    )
  })

  it('logs the company in with its CNPJ too', async () => {
    const res = await postGrant(specSend, spec.model.baseUrl, grantBody('spec', COMPANY))
    expect(res.status).toBe(200)
  })
})
