import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/child-processes'
import { shutdownGracefully } from './setup'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('graceful shutdown', () => {
  it('on SIGTERM the real server lets a request in flight finish, then exits 0', async () => {
    const port = await freePort()
    const child = spawn('node_modules/.bin/tsx', ['server/host/main.ts'], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        CEP_PROVIDERS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    )
    let stderr = ''
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        if (stderr.includes('relay em')) resolve()
      })
      void exited.then(() => reject(new Error(`the relay did not start:\n${stderr}`)))
    })

    // A login whose body is still arriving: the relay is reading it when the signal comes.
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/session',
          headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      req.write('{"document":"52998224725",')
      void (async () => {
        await wait(400)
        child.kill('SIGTERM')
        await wait(400)
        req.end('"password":"errada"}')
      })()
    })

    const status = await answer
    // Refused or not, it was answered: the request in flight was not cut.
    expect(status).toBeGreaterThanOrEqual(200)
    expect(status).toBeLessThan(500)
    expect(await exited).toBe(0)
    // And nothing listens any more.
    await expect(
      new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/healthz' }, resolve).on('error', reject).end()
      }),
    ).rejects.toThrow(/ECONNREFUSED/)
  }, 60_000)

  it('cuts what is still running after the grace period, and closes the shared state', async () => {
    const events: string[] = []
    const server = {
      close: () => events.push('close'),
      closeIdleConnections: () => {},
      closeAllConnections: () => events.push('cut'),
    }
    const outcome = await shutdownGracefully(server, {
      graceMs: 50,
      close: async () => {
        events.push('redis')
      },
    })
    expect(outcome).toBe('cut')
    expect(events).toEqual(['close', 'cut', 'redis'])
  })

  it('closes the shared state once the server has drained', async () => {
    const events: string[] = []
    const outcome = await shutdownGracefully(
      {
        close: (done) => {
          events.push('close')
          setTimeout(() => done?.(), 10)
        },
      },
      {
        graceMs: 5_000,
        close: async () => {
          events.push('redis')
        },
      },
    )
    expect(outcome).toBe('drained')
    expect(events).toEqual(['close', 'redis'])
  })
})
