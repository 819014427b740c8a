import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { versionedRecord } from './versioned-storage'

/** A Web Storage stand-in, so this pure helper is tested without a DOM. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
}

const schema = z.object({ name: z.string(), count: z.int() })
const KEY = 'teste.registro'

describe('versionedRecord', () => {
  let storage: MemoryStorage
  beforeEach(() => {
    storage = new MemoryStorage()
  })
  const recordOf = (version = 2) => versionedRecord(() => storage, KEY, version, schema)

  it('writes { version, data } and reads it back', () => {
    const record = recordOf()
    record.write({ name: 'a', count: 3 })
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual({ version: 2, data: { name: 'a', count: 3 } })
    expect(record.read()).toEqual({ name: 'a', count: 3 })
  })

  it('builds a schema given as a function on the first read, once, and checks with it', () => {
    const build = vi.fn(() => schema)
    const record = versionedRecord(() => storage, KEY, 2, build)
    expect(build).not.toHaveBeenCalled()
    record.write({ name: 'a', count: 3 })
    expect(record.read()).toEqual({ name: 'a', count: 3 })
    storage.setItem(KEY, JSON.stringify({ version: 2, data: { name: 'a', count: 'três' } }))
    expect(record.read()).toBeNull()
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('reads null when nothing is stored', () => {
    expect(recordOf().read()).toBeNull()
  })

  it.each([
    ['corrupt JSON', '{oops'],
    ['another version', JSON.stringify({ version: 1, data: { name: 'a', count: 3 } })],
    ['no version', JSON.stringify({ data: { name: 'a', count: 3 } })],
    ['a wrong shape', JSON.stringify({ version: 2, data: { name: 'a', count: 'três' } })],
    ['a bare value', JSON.stringify({ name: 'a', count: 3 })],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
  ])('drops %s: reads null and removes it, without throwing', (_, raw) => {
    storage.setItem(KEY, raw)
    const record = recordOf()
    expect(() => record.read()).not.toThrow()
    expect(storage.getItem(KEY)).toBeNull()
    expect(record.read()).toBeNull()
  })

  it('leaves other keys alone when dropping a bad record', () => {
    storage.setItem(KEY, '{oops')
    storage.setItem('outro', 'valor')
    recordOf().read()
    expect(storage.getItem('outro')).toBe('valor')
  })

  it('clear() removes the record', () => {
    const record = recordOf()
    record.write({ name: 'a', count: 1 })
    record.clear()
    expect(storage.getItem(KEY)).toBeNull()
  })

  it('behaves as empty when storage is missing or throws on access', () => {
    const missing = versionedRecord(() => undefined, KEY, 1, schema)
    expect(missing.read()).toBeNull()
    expect(() => missing.write({ name: 'a', count: 1 })).not.toThrow()
    expect(() => missing.clear()).not.toThrow()
    const denied = versionedRecord(
      () => {
        throw new DOMException('denied', 'SecurityError')
      },
      KEY,
      1,
      schema,
    )
    expect(denied.read()).toBeNull()
    expect(() => denied.write({ name: 'a', count: 1 })).not.toThrow()
  })

  it('a full storage (quota exceeded) does not throw on write', () => {
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(() => recordOf().write({ name: 'a', count: 1 })).not.toThrow()
  })
})
