import type { RecoveryMail } from '../../offline/recovery'

/**
 * The static demo's stand-in for an e-mail inbox: there is no mail server and no terminal to
 * print to, so a password-recovery message the offline service "sends" is shown on the page,
 * where the reset screen asks for its code. Only the demo build (all data fictitious) has it;
 * the relay's offline mode prints the same line to its terminal outside production instead.
 *
 * Plain DOM rather than React: it lives outside the app's tree, like the service it stands in
 * for. Text only (`textContent`), styles through CSSOM (the CSP forbids inline style markup).
 */
export function showDemoMail(mail: RecoveryMail): void {
  document.getElementById('demo-mailbox')?.remove()
  const box = document.createElement('aside')
  box.id = 'demo-mailbox'
  box.setAttribute('aria-label', 'Caixa de entrada da demonstração')
  Object.assign(box.style, {
    position: 'fixed',
    insetInline: '0.5rem',
    bottom: '0.5rem',
    zIndex: '50',
    maxWidth: '26rem',
    marginInline: 'auto',
    padding: '0.75rem 1rem',
    background: '#fff',
    color: '#1a1a1a',
    border: '2px solid #1a1a1a',
    borderRadius: '8px',
    boxShadow: '0 4px 16px rgb(0 0 0 / 0.2)',
  } satisfies Partial<CSSStyleDeclaration>)

  const title = document.createElement('p')
  title.style.fontWeight = '700'
  title.style.margin = '0'
  title.textContent = 'Demonstração: e-mail recebido'
  const body = document.createElement('p')
  body.style.margin = '0.25rem 0 0.5rem'
  body.setAttribute('role', 'status')
  body.textContent = `Para ${mail.to}: seu código para criar uma nova senha é ${mail.code}.`
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'button'
  close.textContent = 'Fechar'
  close.addEventListener('click', () => box.remove())

  box.append(title, body, close)
  document.body.append(box)
}
