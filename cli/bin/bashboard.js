#!/usr/bin/env node
// The CLI is written in TypeScript and run through tsx, the same way the server runs, so a clone works
// after `npm install` without a build step.
import { register } from 'tsx/esm/api'

register()
await import('../src/main.ts')
