#!/usr/bin/env node
// Renders Bashboard's house-ad images (banners 728x90, boxes 300x250) and the social card from SVG into
// web/public/house-ads/ (or the folder given as the first argument). The seed's house ads point at them.
// Run: node scripts/house-ads.mjs
import { C, esc, MONO, outputFolder, renderPng, SANS } from './lib/svg-images.mjs'

const out = outputFolder('house-ads')

const campaigns = {
  blog: {
    prompt: '$ cat ~/blog/latest.md',
    head: 'Learn the command line, one article at a time',
    sub: 'Guides to find, awk, rsync, tmux and safe scripts',
    cta: 'Read the blog',
  },
  leaderboard: {
    prompt: '$ sort -rn points | head -10',
    head: 'Climb the Bashboard leaderboard',
    sub: 'Share commands, earn upvotes, unlock badges',
    cta: 'See rankings',
  },
  contribute: {
    prompt: '$ sudo usermod -aG contributors you',
    head: 'Share your best one-liners',
    sub: 'Apply to become a contributor and post commands',
    cta: 'Apply now',
  },
}

function banner(c) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="728" height="90" viewBox="0 0 728 90">
  <rect width="728" height="90" fill="${C.bg}"/>
  <rect x="0.5" y="0.5" width="727" height="89" rx="6" fill="${C.surface}" stroke="${C.line}"/>
  <rect x="0" y="0" width="5" height="90" fill="${C.accent}"/>
  <text x="22" y="27" font-family="${MONO}" font-size="13" fill="${C.accent}">${esc(c.prompt)}</text>
  <text x="22" y="53" font-family="${SANS}" font-size="19" font-weight="bold" fill="${C.fg}">${esc(c.head)}</text>
  <text x="22" y="74" font-family="${SANS}" font-size="13" fill="${C.muted}">${esc(c.sub)}</text>
  <rect x="566" y="27" width="140" height="36" rx="6" fill="${C.accent}"/>
  <text x="636" y="50" text-anchor="middle" font-family="${SANS}" font-size="14" font-weight="bold" fill="${C.accentFg}">${esc(c.cta)} →</text>
</svg>`
}

function wrap(text, max) {
  const words = text.split(' ')
  const lines = []
  let line = ''
  for (const w of words) {
    if (`${line} ${w}`.trim().length > max) {
      lines.push(line.trim())
      line = w
    } else line += ` ${w}`
  }
  if (line.trim()) lines.push(line.trim())
  return lines
}

function box(c) {
  const head = wrap(c.head, 22)
    .map(
      (l, i) =>
        `<text x="24" y="${94 + i * 25}" font-family="${SANS}" font-size="21" font-weight="bold" fill="${C.fg}">${esc(l)}</text>`,
    )
    .join('')
  // The subtitle starts below however many lines the headline took, so the two never overlap.
  const subTop = 94 + (wrap(c.head, 22).length - 1) * 25 + 25
  const sub = wrap(c.sub, 34)
    .map(
      (l, i) =>
        `<text x="24" y="${subTop + i * 18}" font-family="${SANS}" font-size="13" fill="${C.muted}">${esc(l)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250" viewBox="0 0 300 250">
  <rect width="300" height="250" fill="${C.bg}"/>
  <rect x="0.5" y="0.5" width="299" height="249" rx="8" fill="${C.surface}" stroke="${C.line}"/>
  <rect x="0.5" y="0.5" width="299" height="34" rx="8" fill="${C.bar}"/>
  <rect x="0.5" y="26" width="299" height="9" fill="${C.bar}"/>
  <circle cx="20" cy="17" r="5" fill="#f87171"/><circle cx="36" cy="17" r="5" fill="#fbbf24"/><circle cx="52" cy="17" r="5" fill="${C.accent}"/>
  <text x="24" y="62" font-family="${MONO}" font-size="11.5" fill="${C.accent}">${esc(c.prompt)}</text>
  ${head}${sub}
  <rect x="24" y="202" width="252" height="32" rx="6" fill="${C.accent}"/>
  <text x="150" y="223" text-anchor="middle" font-family="${SANS}" font-size="14" font-weight="bold" fill="${C.accentFg}">${esc(c.cta)} →</text>
</svg>`
}

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${C.bg}"/>
  <rect x="60" y="60" width="1080" height="510" rx="18" fill="${C.surface}" stroke="${C.line}" stroke-width="2"/>
  <rect x="61" y="61" width="1078" height="64" rx="18" fill="${C.bar}"/>
  <rect x="61" y="105" width="1078" height="20" fill="${C.bar}"/>
  <circle cx="104" cy="93" r="10" fill="#f87171"/><circle cx="136" cy="93" r="10" fill="#fbbf24"/><circle cx="168" cy="93" r="10" fill="${C.accent}"/>
  <text x="120" y="250" font-family="${MONO}" font-size="40" fill="${C.accent}">$ bashboard --help</text>
  <text x="120" y="350" font-family="${SANS}" font-size="76" font-weight="bold" fill="${C.fg}">Bashboard</text>
  <text x="120" y="420" font-family="${SANS}" font-size="34" fill="${C.muted}">Share, discover and discuss Linux commands</text>
  <rect x="120" y="470" width="22" height="40" fill="${C.accent}"/>
</svg>`

for (const [name, c] of Object.entries(campaigns)) {
  await renderPng(banner(c), `${out}/${name}-banner.png`)
  await renderPng(box(c), `${out}/${name}-box.png`)
}
await renderPng(card, `${out}/social-card.png`)
console.log(`house ads in ${out}`)
