import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPictureCache, picture } from './picture-cache'
import { staticOriginals } from './local-originals'
import { ACCEPT, photo, photoUrl, pictureRelay } from '../testing/picture-test-kit'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-picture-cache-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const bytes = (size: number, fill: number) => new Uint8Array(size).fill(fill)

describe('the picture cache', () => {
  it('keeps memory under its byte cap, least recently used out first', async () => {
    const cache = createPictureCache({ memoryBytes: 10_000 })
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, picture(bytes(3_000, i), 'image/webp'))
    expect(cache.memoryBytes).toBeLessThanOrEqual(10_000)
    expect(cache.fromMemory('k0')).toBeUndefined()
    expect(cache.fromMemory('k9')?.bytes[0]).toBe(9)
  })

  it('finds on disk, after a restart, what an earlier process made; under its own cap', async () => {
    const first = createPictureCache({ memoryBytes: 1_000_000, dir, diskBytes: 20_000 })
    for (let i = 0; i < 10; i++) first.set(`k${i}`, picture(bytes(4_000, i), 'image/avif'))
    await first.written()
    const files = (await readdir(dir)).filter((name) => !name.endsWith('.tmp'))
    expect(files.length).toBeLessThanOrEqual(5)

    const restarted = createPictureCache({ memoryBytes: 1_000_000, dir, diskBytes: 20_000 })
    const kept = await restarted.get('k9')
    expect(kept).toMatchObject({ type: 'image/avif', etag: picture(bytes(4_000, 9), 'x').etag })
    expect(kept?.bytes.byteLength).toBe(4_000)
    expect(await restarted.get('k0')).toBeUndefined()
  })

  it('a relay restarted over the same directory serves the picture without fetching it', async () => {
    const url = photoUrl('disco.jpg')
    const original = await photo(800, 600)
    const first = pictureRelay({ config: { cacheDir: dir } })
    const path = await first.serve(url, original)
    const made = await first.request(`${path}?w=320`, { headers: { Accept: ACCEPT.webp } })
    const etag = made.headers.get('etag')
    await first.written()

    const second = pictureRelay({ config: { cacheDir: dir } })
    await second.serve(url, original)
    const res = await second.request(`${path}?w=320`, { headers: { Accept: ACCEPT.webp } })
    expect(res.headers.get('etag')).toBe(etag)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(second.fetched.get(url)).toBeUndefined()
  })
})

describe("the offline service's own pictures", () => {
  it('are read from the first folder that has them, and nothing else on disk is', async () => {
    await mkdir(join(dir, 'produtos'))
    await writeFile(join(dir, 'produtos', 'a.webp'), 'imagem')
    await writeFile(join(dir, 'segredo.webp'), 'não')
    const read = staticOriginals('http://servico.offline', [join(dir, 'nada'), dir])
    const text = async (url: string) => {
      const found = await read(new URL(url))
      return found && new TextDecoder().decode(found)
    }
    expect(await text('http://servico.offline/produtos/a.webp')).toBe('imagem')
    for (const url of [
      'http://servico.offline/segredo.webp',
      'http://servico.offline/produtos/../segredo.webp',
      'http://servico.offline/produtos/..%2Fsegredo.webp',
      'http://servico.offline/produtos/a.webp?x=1',
      'http://outro.host/produtos/a.webp',
      'http://servico.offline/produtos/b.webp',
    ]) {
      expect(await text(url), url).toBeUndefined()
    }
  })
})
