#!/usr/bin/env node
// Renders the cover images of the seeded blog articles (1200x630, also their link-preview image) from SVG
// into web/public/blog-covers/<slug>.png. The seed points each article at its cover.
// Run: node scripts/blog-covers.mjs
import { C, esc, MONO, outputFolder, renderPng, SANS } from './lib/svg-images.mjs'

const out = outputFolder('blog-covers')

// One accent per article so the blog grid is not a wall of the same green.
const covers = [
  [
    'ten-find-recipes-you-will-actually-use',
    '#4ade80',
    "find . -name '*.log' -mtime +7 -delete",
    'find(1) recipes',
  ],
  ['understanding-linux-file-permissions', '#60a5fa', 'chmod 640 secrets.env && ls -l', 'rwxr-x---'],
  ['tmux-for-people-in-a-hurry', '#f472b6', 'tmux new -s work', 'sessions that survive'],
  ['writing-bash-scripts-that-fail-loudly', '#f87171', 'set -euo pipefail', 'fail loudly'],
  ['awk-in-twenty-minutes', '#fbbf24', "awk -F: '{ print $1 }' /etc/passwd", 'awk in 20 minutes'],
  ['what-load-average-really-means', '#a78bfa', 'uptime; vmstat 1 5', 'load average'],
  ['rsync-without-fear', '#2dd4bf', 'rsync -av --dry-run src/ dest/', 'rsync without fear'],
  [
    'pipes-and-redirection-how-the-shell-wires-commands-together',
    '#fb923c',
    'cmd 2>&1 | tee out.log',
    'pipes & redirection',
  ],
  ['ssh-config-tricks-that-save-you-typing', '#38bdf8', 'ssh -J bastion web-01', '~/.ssh/config'],
]

function cover([, accent, command, label]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${C.bg}"/>
  <circle cx="1040" cy="120" r="260" fill="${accent}" opacity="0.08"/>
  <rect x="80" y="90" width="1040" height="450" rx="16" fill="${C.surface}" stroke="${C.line}" stroke-width="2"/>
  <rect x="81" y="91" width="1038" height="56" rx="16" fill="${C.bar}"/>
  <rect x="81" y="131" width="1038" height="16" fill="${C.bar}"/>
  <circle cx="120" cy="119" r="9" fill="#f87171"/><circle cx="150" cy="119" r="9" fill="#fbbf24"/><circle cx="180" cy="119" r="9" fill="${C.accent}"/>
  <text x="600" y="126" text-anchor="middle" font-family="${MONO}" font-size="20" fill="${C.muted}">bash — bashboard</text>
  <text x="130" y="250" font-family="${MONO}" font-size="34" fill="${accent}">$ <tspan fill="${C.fg}">${esc(command)}</tspan></text>
  <text x="130" y="400" font-family="${SANS}" font-size="72" font-weight="bold" fill="${C.fg}">${esc(label)}</text>
  <rect x="130" y="440" width="26" height="48" fill="${accent}"/>
</svg>`
}

for (const entry of covers) await renderPng(cover(entry), `${out}/${entry[0]}.png`)
console.log(`${covers.length} covers in ${out}`)
