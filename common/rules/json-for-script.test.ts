import { describe, expect, it } from 'vitest'
import { jsonForScript } from './json-for-script'

describe('jsonForScript', () => {
  it('cannot end the script block or open a comment, and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' }
    const text = jsonForScript(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})
