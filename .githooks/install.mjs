// `npm ci` and `npm install` run this (package.json "prepare"): git then runs
// .githooks/pre-commit on each commit in this checkout. A plain hook, not a hook library: it only
// checks (nothing to fix, stash or re-stage), so a dozen lines of sh do it without a dependency.
// Outside a git checkout (a tarball, an image built without .git) there is nothing to install,
// and a git that refuses (missing, or a checkout owned by another user) never fails the install.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (existsSync('.git')) {
  try {
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'ignore' })
  } catch {
    console.warn('git hooks not installed (git config failed): commits will not be checked')
  }
}
