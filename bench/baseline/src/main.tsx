import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

/** The floor for `npm run bench`: the least a Vite + React 19 page ships. */
function Counter() {
  const [count, setCount] = useState(0)
  return (
    <main>
      <h1>Contador</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Cliques: {count}
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Counter />
  </StrictMode>,
)
