/**
 * The import rules README's ARCHITECTURE promises, linted on sample imports through the repo's
 * own eslint.config.js: a rule dropped or a zone misspelt makes these fail, not pass quietly.
 */
import { ESLint } from 'eslint'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: join(root, 'eslint.config.js'),
  ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths',
})

// Loading the config, the TypeScript parser and the resolver takes seconds on a busy machine;
// once, before the first assertion's clock starts.
beforeAll(() => eslint.lintText('', { filePath: join(root, 'src/lib/probe.ts') }), 60_000)

/** Every message ESLint gives for `source` as if it were `file` (a parse error counts too). */
async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) })
  return result!.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`)
}

const restricted = expect.stringMatching(/^import\/no-restricted-paths: Unexpected path/)

const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)

/** A module of `feature` that exists, so the import resolves as a real one would. */
const moduleOf = (feature: string) => {
  const file = readdirSync(join(root, 'src/features', feature)).find((f) =>
    /^(?!.*\.test\.).*\.tsx?$/.test(f),
  )
  return `../${feature}/${file!.replace(/\.tsx?$/, '')}`
}

describe('a feature never imports another feature', () => {
  it('cart importing from checkout is an error', async () => {
    expect(
      await problems(
        'src/features/cart/probe.ts',
        "import { CheckoutPage } from '../checkout/checkout-page'\nexport const page = CheckoutPage\n",
      ),
    ).toEqual([restricted])
  })

  it('holds for every feature folder, read from the disk as the config reads it', async () => {
    expect(features.length).toBeGreaterThan(1)
    for (const [i, feature] of features.entries()) {
      const other = features[(i + 1) % features.length]!
      expect(
        await problems(`src/features/${feature}/probe.ts`, `import '${moduleOf(other)}'\n`),
        `${feature} → ${other}`,
      ).toEqual([restricted])
    }
  })

  it('a feature imports its own modules and the shared layers', async () => {
    expect(
      await problems(
        'src/features/cart/probe.ts',
        "import './cart-rules'\nimport '../../state/cart-store'\nimport '../../lib/dates'\n",
      ),
    ).toEqual([])
  })

  it("a feature's test may render another journey's page, but not reach into the app", async () => {
    const file = 'src/features/product/probe.test.tsx'
    expect(await problems(file, "import '../catalog/catalog-page'\n")).toEqual([])
    expect(await problems(file, "import '../../app/router'\n")).toEqual([restricted])
  })
})

describe('the layers of the browser app', () => {
  it('state importing a feature or the app is an error', async () => {
    for (const from of ['../features/cart/cart-rules', '../app/router']) {
      expect(await problems('src/state/probe.ts', `import '${from}'\n`), from).toEqual([restricted])
    }
  })

  it('state knows api/, lib/ and common/', async () => {
    const imports = ["'../api/http'", "'../lib/dates'", "'../../common/rules/money'"]
    expect(
      await problems('src/state/probe.ts', imports.map((i) => `import ${i}\n`).join('')),
    ).toEqual([])
  })
})

describe('trees by who runs the code', () => {
  const words = 'common/words/pt-br'
  const rules = 'common/rules/money'
  const contract = 'common/contract/schemas/catalog'
  /** `import` of the repo-relative module `to` from the file `file`. */
  const importOf = (file: string, to: string) =>
    `import '${'../'.repeat(file.split('/').length - 1)}${to}'\n`

  it('common/ imports nothing above it, and inside it words ← rules ← contract', async () => {
    const above = ['src/lib/dates', 'offline/model', 'server/relay/http/problem']
    for (const file of [
      'common/words/probe.ts',
      'common/rules/probe.ts',
      'common/contract/probe.ts',
    ]) {
      for (const to of above) {
        expect(await problems(file, importOf(file, to)), `${file} → ${to}`).toEqual([restricted])
      }
    }
    expect(await problems('common/words/probe.ts', importOf('common/words/x', rules))).toEqual([
      restricted,
    ])
    expect(await problems('common/rules/probe.ts', importOf('common/rules/x', contract))).toEqual([
      restricted,
    ])
    expect(await problems('common/rules/probe.ts', importOf('common/rules/x', words))).toEqual([])
    expect(
      await problems('common/contract/probe.ts', importOf('common/contract/x', rules)),
    ).toEqual([])
  })

  it('every tree reads common/', async () => {
    for (const file of [
      'src/features/cart/probe.ts',
      'offline/probe.ts',
      'server/relay/probe.ts',
    ]) {
      for (const to of [words, rules, contract]) {
        expect(await problems(file, importOf(file, to)), `${file} → ${to}`).toEqual([])
      }
    }
  })

  it('the browser app never imports the offline service or the server', async () => {
    for (const file of ['src/app/probe.ts', 'src/features/cart/probe.ts', 'src/entry-server.tsx']) {
      for (const to of ['offline/offline-service', 'server/relay/http/problem']) {
        expect(await problems(file, importOf(file, to)), `${file} → ${to}`).toEqual([restricted])
      }
    }
  })

  it('the offline service knows only common/', async () => {
    for (const to of ['src/lib/dates', 'server/relay/http/problem']) {
      expect(await problems('offline/probe.ts', importOf('offline/probe.ts', to)), to).toEqual([
        restricted,
      ])
    }
  })

  it('the relay app knows neither the first view, the host nor the app', async () => {
    const file = 'server/relay/routes/probe.ts'
    for (const to of ['server/first-view/page-head', 'server/host/config', 'src/entry-server']) {
      expect(await problems(file, importOf(file, to)), to).toEqual([restricted])
    }
    expect(await problems(file, importOf(file, 'offline/offline-service'))).toEqual([])
  })

  it('the first view and the host reach the app through src/entry-server.tsx only', async () => {
    for (const file of ['server/first-view/probe.ts', 'server/host/probe.ts']) {
      expect(await problems(file, importOf(file, 'src/entry-server'))).toEqual([])
      expect(await problems(file, importOf(file, 'src/lib/dates'))).toEqual([restricted])
    }
    const view = 'server/first-view/probe.ts'
    expect(await problems(view, importOf(view, 'server/host/config'))).toEqual([restricted])
    expect(await problems(view, importOf(view, 'server/relay/http/problem'))).toEqual([])
  })

  it('a test may assemble what it tests from above; what ships may not', async () => {
    const test = 'server/relay/routes/probe.test.ts'
    expect(await problems(test, importOf(test, 'server/host/config'))).toEqual([])
    expect(
      await problems('common/rules/probe.test.ts', importOf('common/rules/x', 'src/lib/dates')),
    ).toEqual([])
  })
})

describe("the relay's folders are layers", () => {
  it('a folder imports the layers below it, never one above, a sibling or the wiring', async () => {
    const cases: [string, string, boolean][] = [
      ['server/relay/routes/probe.ts', '../orders/own-orders', true],
      ['server/relay/orders/probe.ts', '../sessions/session-cookie', true],
      ['server/relay/upstream/probe.ts', '../http/problem', true],
      ['server/relay/http/probe.ts', '../routes/route-deps', false],
      ['server/relay/http/probe.ts', '../upstream/upstream', false],
      ['server/relay/sessions/probe.ts', '../orders/own-orders', false],
      ['server/relay/images/probe.ts', '../referrer/partner-reads', false],
      ['server/relay/orders/probe.ts', '../options', false],
      ['server/relay/routes/probe.ts', '../app', false],
      ['server/relay/routes/probe.ts', '../testing/test-helpers', false],
    ]
    for (const [file, from, allowed] of cases) {
      expect(await problems(file, `import '${from}'\n`), `${file} → ${from}`).toEqual(
        allowed ? [] : [restricted],
      )
    }
  })

  it('the wiring at the root imports every folder', async () => {
    expect(await problems('server/relay/probe.ts', "import './routes/catalog'\n")).toEqual([])
  })
})

describe('the demo', () => {
  it('only src/main.tsx imports the demo', async () => {
    const demo = 'demo/start-demo'
    expect(await problems('src/main.tsx', `import './${demo}'\n`)).toEqual([])
    for (const file of ['src/app/probe.ts', 'src/entry-server.tsx', 'src/features/cart/probe.ts']) {
      const up = '../'.repeat(file.split('/').length - 2)
      expect(await problems(file, `import '${up || './'}${demo}'\n`), file).toEqual([restricted])
    }
    expect(await problems('server/probe.ts', `import '../src/${demo}'\n`)).toEqual([restricted])
  })

  it('the demo knows the relay and the offline service, no screen', async () => {
    expect(
      await problems(
        'src/demo/probe.ts',
        "import '../../offline/offline-service'\nimport '../../server/relay/offline-relay'\n",
      ),
    ).toEqual([])
    expect(await problems('src/demo/probe.ts', "import '../features/cart/cart-rules'\n")).toEqual([
      restricted,
    ])
  })
})
