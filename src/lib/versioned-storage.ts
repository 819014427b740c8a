import type { $ZodType, output } from 'zod/v4/core'
import { safeParse } from 'zod/mini'

/**
 * A record in Web Storage with a version and a schema. A missing, corrupt, old or foreign
 * record reads as null and is removed: the store starts clean instead of crashing.
 */
export interface VersionedRecord<S extends $ZodType> {
  read(): output<S> | null
  write(value: output<S>): void
  clear(): void
}

/** `schema` may be given as a function: it is then built on the first read, not at start-up. */
export function versionedRecord<S extends $ZodType>(
  storage: () => Storage | undefined,
  key: string,
  version: number,
  schema: S | (() => S),
): VersionedRecord<S> {
  let built: S | undefined
  const contract = () => (built ??= typeof schema === 'function' ? schema() : schema)
  const safeStorage = () => {
    try {
      return storage()
    } catch {
      // Storage can throw (disabled cookies, sandboxed frames): behave as if empty.
      return undefined
    }
  }
  return {
    read() {
      const store = safeStorage()
      const raw = store?.getItem(key)
      if (!raw) return null
      try {
        const parsed = JSON.parse(raw) as { version?: unknown; data?: unknown }
        if (parsed.version !== version) throw new Error('version')
        const result = safeParse(contract(), parsed.data)
        if (!result.success) throw new Error('shape')
        return result.data
      } catch {
        store?.removeItem(key)
        return null
      }
    },
    write(value) {
      try {
        safeStorage()?.setItem(key, JSON.stringify({ version, data: value }))
      } catch {
        // Quota exceeded or storage disabled: the state lives on in memory for this visit.
      }
    },
    clear() {
      safeStorage()?.removeItem(key)
    },
  }
}
