import { describe, expect, it } from 'vitest'
import { derivedKey } from './derived-key'

const SECRET = 'a-long-random-session-secret-for-tests-0123456789'
const iv = new Uint8Array(12)
const plain = new TextEncoder().encode('token')

async function sealWith(key: CryptoKey) {
  return crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain)
}

describe('derivedKey', () => {
  it('gives one key per secret and salt: what one seals, the same derivation opens', async () => {
    const sealed = await sealWith(await derivedKey(SECRET, 'vitrine-session-v1', 'AES-GCM'))
    const again = await derivedKey(SECRET, 'vitrine-session-v1', 'AES-GCM')
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, again, sealed)
    expect(new TextDecoder().decode(opened)).toBe('token')
  })

  it('another salt or another secret opens nothing', async () => {
    const sealed = await sealWith(await derivedKey(SECRET, 'vitrine-session-v1', 'AES-GCM'))
    for (const key of [
      await derivedKey(SECRET, 'vitrine-recovery-v1', 'AES-GCM'),
      await derivedKey(`${SECRET}x`, 'vitrine-session-v1', 'AES-GCM'),
    ]) {
      await expect(crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed)).rejects.toThrow()
    }
  })

  it('an HMAC key signs, and never encrypts; it is not extractable', async () => {
    const key = await derivedKey(SECRET, 'vitrine-recovery-pair-v1', 'HMAC')
    expect(key.usages).toEqual(['sign'])
    expect(key.extractable).toBe(false)
    const mac = await crypto.subtle.sign('HMAC', key, plain)
    expect(mac.byteLength).toBe(32)
  })
})
