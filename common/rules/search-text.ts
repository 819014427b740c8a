/**
 * Search that ignores accents and case: "certificacao" finds "Certificação". NFD splits a
 * letter from its accent, and the combining marks (U+0300–U+036F) are then dropped.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('pt-BR')
    .trim()
}

/** The query's words, normalised once per search (not once per product it is matched against). */
export function queryWords(query: string): string[] {
  return normalizeForSearch(query).split(/\s+/).filter(Boolean)
}

/** Every word of the query must appear somewhere in the haystack (already normalised). */
export function matchesQuery(
  normalizedHaystack: string,
  query: string | readonly string[],
): boolean {
  const words = typeof query === 'string' ? queryWords(query) : query
  return words.every((word) => normalizedHaystack.includes(word))
}
