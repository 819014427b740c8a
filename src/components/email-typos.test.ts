import { describe, expect, it } from 'vitest'
import { suggestEmail } from './email-typos'

describe('suggestEmail', () => {
  it.each([
    ['maria@gmail.con', 'maria@gmail.com'],
    ['maria@gmial.com', 'maria@gmail.com'],
    ['maria@gmail.co', 'maria@gmail.com'],
    ['Maria.Silva@Hotmial.com', 'Maria.Silva@hotmail.com'],
    ['jose@hotnail.con', 'jose@hotmail.com'],
    ['jose@yahoo.com.b', 'jose@yahoo.com.br'],
    ['jose@outlok.com', 'jose@outlook.com'],
    ['ana@bol.com.bt', 'ana@bol.com.br'],
    ['ana@terra.con.br', 'ana@terra.com.br'],
    ['contato@empresa.con', 'contato@empresa.com'],
    ['contato@empresa.con.br', 'contato@empresa.com.br'],
    [' maria@gmail.con ', 'maria@gmail.com'],
  ])('%j → %j', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant)
  })

  it.each([
    'maria@gmail.com',
    'maria@uol.com.br',
    'maria@bol.com.br',
    'maria@mail.com',
    'fernanda.rocha@exemplo.com.br',
    'contato@certificabrasil.com.br',
    'maria@empresa.com',
    'maria@',
    'maria@gmail',
    'maria',
    '',
  ])('%j: nothing to suggest', (typed) => {
    expect(suggestEmail(typed)).toBeNull()
  })
})
