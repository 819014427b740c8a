/**
 * Hostile markup planted in every tenant's terms and legends: a `<script>`, an `onerror` handler
 * and a `javascript:` link. The store must render the text and neutralise all three, so the
 * sanitiser is exercised on every run, not only in its unit test.
 */
export const HOSTILE_MARKUP =
  '<script>window.__vitrineInjected = true</script>' +
  '<img src="/nao-existe.png" alt="" onerror="window.__vitrineInjected = true">' +
  '<p><a href="javascript:window.__vitrineInjected = true">Clique aqui para mais detalhes</a></p>'
