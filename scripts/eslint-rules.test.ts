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
        "import './cart-rules'\nimport '../../state/cart-store'\nimport '../../lib/money'\n",
      ),
    ).toEqual([])
  })

  it("a feature's test may render another journey's page, but not reach into the app", async () => {
    const file = 'src/features/product/probe.test.tsx'
    expect(await problems(file, "import '../catalog/catalog-page'\n")).toEqual([])
    expect(await problems(file, "import '../../app/router'\n")).toEqual([restricted])
  })
})

describe('state, i18n and the demo', () => {
  it('state importing a feature, the app or the words is an error', async () => {
    for (const from of ['../features/cart/cart-rules', '../app/router', '../i18n/pt-br']) {
      expect(await problems('src/state/probe.ts', `import '${from}'\n`), from).toEqual([restricted])
    }
  })

  it('state knows api/ and lib/', async () => {
    expect(
      await problems('src/state/probe.ts', "import '../api/api-error'\nimport '../lib/money'\n"),
    ).toEqual([])
  })

  it('the words are a leaf: i18n importing lib/ is an error; screens and the first view read them', async () => {
    expect(await problems('src/i18n/probe.ts', "import '../lib/money'\n")).toEqual([restricted])
    expect(await problems('src/features/cart/probe.ts', "import '../../i18n/pt-br'\n")).toEqual([])
    expect(await problems('server/probe.ts', "import '../src/i18n/pt-br'\n")).toEqual([])
    expect(await problems('src/lib/probe.ts', "import '../i18n/pt-br'\n")).toEqual([restricted])
    expect(await problems('server/relay/probe.ts', "import '../../src/i18n/pt-br'\n")).toEqual([
      restricted,
    ])
  })

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
        "import '../mocks/offline-service'\nimport '../lib/offline-files'\n",
      ),
    ).toEqual([])
    expect(await problems('src/demo/probe.ts', "import '../features/cart/cart-rules'\n")).toEqual([
      restricted,
    ])
  })
})
