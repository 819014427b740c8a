/**
 * A full garbage collection in another Node process, asked over the DevTools protocol (the
 * process started with `--inspect=127.0.0.1:<port>`): heap figures read right after one are what
 * the process holds, not what it has yet to collect. The WebSocket is undici's (a dependency
 * already): Node 20 has none of its own, and the protocol needs nothing but `id` and `method`.
 */
import { WebSocket } from 'undici'

export interface InspectorSession {
  /** Resolves once the process has collected everything it can (`HeapProfiler.collectGarbage`). */
  collectGarbage(): Promise<void>
  close(): void
}

export async function inspectorSession(port: number): Promise<InspectorSession> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string
  }[]
  const url = targets[0]?.webSocketDebuggerUrl
  if (!url) throw new Error(`no inspector target on port ${port}`)
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  const waiting = new Map<number, () => void>()
  socket.addEventListener('message', (event) => {
    const { id } = JSON.parse(String(event.data)) as { id?: number }
    if (id === undefined) return
    waiting.get(id)?.()
    waiting.delete(id)
  })
  let lastId = 0
  return {
    collectGarbage: () =>
      new Promise<void>((resolve) => {
        const id = ++lastId
        waiting.set(id, resolve)
        socket.send(JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }))
      }),
    close: () => socket.close(),
  }
}
