/**
 * A map whose entries each end at a time of their own, with a hard cap on its size: what the
 * in-memory stores (sessions, idempotency records, order links) hold other people's live
 * entries in. Entries wait in a min-heap by expiry, so the ended ones leave from its top for
 * O(log n) each and no write ever scans the map, however full it is.
 *
 * At the cap the caller chooses: a store of live records refuses the new entry (`add` answers
 * false) rather than pushing out someone else's, because every entry there is somebody's
 * session, order or payment. Nothing here drops a live entry on its own.
 */

interface Entry<V> {
  key: string
  value: V
  expiresAt: number
}

export class ExpiringMap<V> {
  private readonly entries = new Map<string, Entry<V>>()
  /** Min-heap by `expiresAt`; an entry replaced or deleted stays until it reaches the top. */
  private heap: Entry<V>[] = []
  private looked = 0

  constructor(
    private readonly now: () => number,
    readonly maxEntries: number,
    /** Told of every entry that leaves, whatever the reason (a store's own indexes follow). */
    private readonly onRemove: (key: string, value: V) => void = () => {},
  ) {}

  /** Entries held, the ended ones not yet dropped included (`sweep` first for live ones). */
  get size(): number {
    return this.entries.size
  }

  /** Heap entries taken off while dropping ended ones, in all: what the writes cost. */
  get examined(): number {
    return this.looked
  }

  /** Room for one more new key, once the ended entries are dropped. */
  hasRoom(): boolean {
    this.sweep()
    return this.entries.size < this.maxEntries
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt > this.now()) return entry.value
    this.remove(entry)
    return undefined
  }

  /** Writes `key` when it is held already or there is room; false (nothing written) when full. */
  add(key: string, value: V, expiresAt: number): boolean {
    this.sweep()
    const held = this.entries.get(key)
    if (!held && this.entries.size >= this.maxEntries) return false
    this.write(key, value, expiresAt)
    return true
  }

  /**
   * Writes `key` whatever the size: only for a key a caller admitted with `add` before (a claim
   * being completed), which must not be lost for want of room.
   */
  set(key: string, value: V, expiresAt: number): void {
    this.sweep()
    this.write(key, value, expiresAt)
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key)
    if (!entry) return false
    this.remove(entry)
    return true
  }

  /** Drops every ended entry: each is taken off the heap's top once. */
  sweep(): void {
    const now = this.now()
    const heap = this.heap
    while (heap.length > 0 && heap[0]!.expiresAt <= now) {
      const top = this.pop()
      if (this.entries.get(top.key) === top) {
        this.entries.delete(top.key)
        this.onRemove(top.key, top.value)
      }
    }
  }

  private write(key: string, value: V, expiresAt: number) {
    const held = this.entries.get(key)
    if (held) {
      this.entries.delete(key)
      this.onRemove(key, held.value)
    }
    const entry = { key, value, expiresAt }
    this.entries.set(key, entry)
    this.push(entry)
    // Replaced and deleted entries wait in the heap until their time; when they outnumber the
    // live ones, the heap is rebuilt from the map (its cost paid for by the writes that made them).
    if (this.heap.length > 2 * this.entries.size + 1024) this.rebuild()
  }

  private remove(entry: Entry<V>) {
    this.entries.delete(entry.key)
    this.onRemove(entry.key, entry.value)
  }

  private rebuild() {
    this.looked += this.heap.length
    this.heap = [...this.entries.values()]
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i)
  }

  private push(entry: Entry<V>) {
    const heap = this.heap
    heap.push(entry)
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (heap[parent]!.expiresAt <= entry.expiresAt) break
      heap[i] = heap[parent]!
      i = parent
    }
    heap[i] = entry
  }

  private pop(): Entry<V> {
    this.looked += 1
    const heap = this.heap
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      this.down(0)
    }
    return top
  }

  private down(start: number) {
    const heap = this.heap
    const entry = heap[start]!
    let i = start
    for (;;) {
      const left = 2 * i + 1
      if (left >= heap.length) break
      const right = left + 1
      const child =
        right < heap.length && heap[right]!.expiresAt < heap[left]!.expiresAt ? right : left
      if (heap[child]!.expiresAt >= entry.expiresAt) break
      heap[i] = heap[child]!
      i = child
    }
    heap[i] = entry
  }
}
