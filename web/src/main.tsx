import '@fontsource-variable/inter/wght.css'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/500.css'
import '@fontsource/jetbrains-mono/700.css'
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter, createQueryClient } from './router'
import { createAppStore } from './state/store'
import { applyThemeToDocument, themeAtom } from './state/theme'

const store = createAppStore()
// Before the first render, so the page never paints in the other palette.
applyThemeToDocument(store.get(themeAtom))

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient, store })

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} store={store} />
  </StrictMode>,
)
