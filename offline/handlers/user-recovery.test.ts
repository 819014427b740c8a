import { describe, expect, it } from 'vitest'
import { recoverPasswordResultSchema } from '../../common/contract/schemas/auth'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { meaningOf } from '../../common/contract/upstream/operation-kit'
import { operations } from '../../common/contract/upstream/operations'
import { createOfflineService } from '../offline-service'

const MARIA = { document: '52998224725', email: 'maria.santos@exemplo.com.br' }

function post(service: ReturnType<typeof createOfflineService>, q: string, body: unknown) {
  return service.fetch(
    new Request(`${service.model.baseUrl}/user?q=${q}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}

async function requestRecovery(service: ReturnType<typeof createOfflineService>) {
  const res = await post(service, 'forgot-password', MARIA)
  const body = (await res.json()) as { token: string; pinPrefix: string }
  const mail = service.model.recovery.lastMailTo(MARIA.email)!
  return { ...body, mail }
}

describe.each(['spec', 'docs'] as const)('POST /user?q=recovery-password (%s)', (dialect) => {
  it('"e-mails" the PIN: the mailbox holds prefix and PIN, the answer only the prefix', async () => {
    const service = createOfflineService({ dialect })
    const seen: string[] = []
    service.model.recovery.onMail((m) => seen.push(m.code))
    const { token, pinPrefix, mail } = await requestRecovery(service)
    expect(mail).toMatchObject({ to: MARIA.email, pinPrefix })
    expect(mail.pin).toMatch(/^\d{6}$/)
    expect(mail.code).toBe(`${pinPrefix}-${mail.pin}`)
    expect(seen).toEqual([mail.code])
    expect(token).not.toContain(mail.pin)
  })

  it('sets the new password with token, prefix and PIN, once; the docs’ nested 202', async () => {
    const service = createOfflineService({ dialect })
    const { token, pinPrefix, mail } = await requestRecovery(service)
    const body = { password: 'Nova-senha-2026', pinPrefix, pin: mail.pin, token }
    const res = await post(service, 'recovery-password', body)
    expect(res.status).toBe(202)
    const answer = recoverPasswordResultSchema.parse(await res.json())
    expect(answer.detail).toMatchObject({ title: 'Password Recovery', status: 202 })
    const tenant = service.model.allTenants[0]!
    expect(service.model.login(tenant, MARIA.document, 'Nova-senha-2026')).not.toBeNull()
    // The token is spent.
    expect((await post(service, 'recovery-password', body)).status).toBe(400)
  })

  it.each([
    ['a wrong PIN', (p: { pin: string }) => ({ pin: p.pin === '000000' ? '111111' : '000000' })],
    ['a wrong prefix', () => ({ pinPrefix: 'ZZ9' })],
    ['an unknown token', () => ({ token: 'f'.repeat(32) })],
  ])('the documented 400 for %s, and the password stays', async (_label, change) => {
    const service = createOfflineService({ dialect })
    const { token, pinPrefix, mail } = await requestRecovery(service)
    const body = { password: 'Nova-senha-2026', pinPrefix, pin: mail.pin, token }
    const res = await post(service, 'recovery-password', { ...body, ...change(body) })
    expect(res.status).toBe(400)
    expect(envelopeSchema.parse(await res.json()).detail).toBe(
      'Invalid recovery password pin/token',
    )
    const tenant = service.model.allTenants[0]!
    expect(service.model.login(tenant, MARIA.document, 'Nova-senha-2026')).toBeNull()
  })

  it('400 once the token expired', async () => {
    let now = Date.UTC(2026, 4, 10)
    const service = createOfflineService({ dialect, now: () => now })
    const { token, pinPrefix, mail } = await requestRecovery(service)
    now += 31 * 60_000
    const res = await post(service, 'recovery-password', {
      password: 'Nova-senha-2026',
      pinPrefix,
      pin: mail.pin,
      token,
    })
    expect(res.status).toBe(400)
  })

  it.each(['nova-senha-2026', 'NOVA-SENHA-2026', 'NovaSenhaForte', 'Ab1-cd'])(
    'a weak password (%s): 422 on `password` alone, the recovery still good for a strong one',
    async (weak) => {
      const service = createOfflineService({ dialect })
      const { token, pinPrefix, mail } = await requestRecovery(service)
      const body = { password: weak, pinPrefix, pin: mail.pin, token }
      const res = await post(service, 'recovery-password', body)
      expect(res.status).toBe(422)
      const problem = envelopeSchema.parse(await res.json())
      expect(Object.keys(problem.validation_messages as object)).toEqual(['password'])
      expect(meaningOf(operations.recoverPassword.errors, 422, problem)).toBe(
        'recovery_password_rejected',
      )
      // Checked before the PIN: a wrong PIN with a weak password says nothing of the PIN.
      const wrongPin = mail.pin === '000000' ? '111111' : '000000'
      const blind = await post(service, 'recovery-password', { ...body, pin: wrongPin })
      expect(blind.status).toBe(422)
      const strong = await post(service, 'recovery-password', {
        ...body,
        password: 'Nova-senha-2026',
      })
      expect(strong.status).toBe(202)
    },
  )

  it('422 with the missing fields', async () => {
    const service = createOfflineService({ dialect })
    const res = await post(service, 'recovery-password', { password: 'x', token: 't' })
    expect(res.status).toBe(422)
    const problem = envelopeSchema.parse(await res.json())
    expect(Object.keys(problem.validation_messages as object).sort()).toEqual(['pin', 'pinPrefix'])
  })
})
