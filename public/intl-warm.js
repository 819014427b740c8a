/* global self */
// Started by the head of a server-rendered page (server/first-view/page-render.ts, WARM_INTL). The first
// Intl object a renderer makes loads ICU's locale data (~30–45 ms here, four times that on a slow
// phone); what it loads is shared by the whole renderer, workers included. Made here, that cost
// is off the main thread, and the page's own first price or date formats in a fraction of a
// millisecond. The formats are the ones the rendered pages use: money, São Paulo's clock, pt-BR
// ordering.
try {
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1)
  new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(0)
  new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }).compare('a', 'b')
} finally {
  self.close()
}
