/**
 * The offline service's product and help pictures as WebP, drawn from their SVG sources beside
 * them (`npx tsx scripts/render-pictures.ts`; the outputs are committed).
 *
 * Why not serve the SVGs: Chrome renders every SVG `<img>` as a document of its own on the main
 * thread (parse, style, layout, paint), 10–50 ms each on a phone at 4× CPU. Measured on the
 * catalog's first screen, those drawings were most of the main thread's work after the first
 * paint, a cost no real catalog has: the service's product pictures are photos, which the
 * browser decodes off the main thread. The fixtures now point at raster pictures like a real
 * store's; the SVGs stay as their editable sources.
 */
import { chromium } from '@playwright/test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const FOLDERS = ['public/produtos', 'public/ajuda']
/** 1.5× the drawings' own size (600×450): sharp in a card on a phone, 2–4 KB each. */
const SCALE = 1.5
const QUALITY = 0.75

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--disable-dev-shm-usage'],
})
try {
  const page = await browser.newPage()
  await page.setContent('<canvas></canvas>')
  for (const folder of FOLDERS) {
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(join(folder, file), 'utf8')
      const base64 = await page.evaluate(
        async ({ svg, scale, quality }) => {
          const img = new Image()
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
          await img.decode()
          const canvas = document.querySelector('canvas')!
          canvas.width = img.naturalWidth * scale
          canvas.height = img.naturalHeight * scale
          canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height)
          return canvas.toDataURL('image/webp', quality).split(',')[1]!
        },
        { svg, scale: SCALE, quality: QUALITY },
      )
      const out = join(folder, file.replace(/\.svg$/, '.webp'))
      writeFileSync(out, Buffer.from(base64, 'base64'))
      console.log(`${out} ${Buffer.from(base64, 'base64').length} B`)
    }
  }
} finally {
  await browser.close()
}
