/*
 * A corpus of cross-site-scripting payloads (docs/product-rules.md#security): the classic vectors of the
 * OWASP XSS filter evasion cheat sheet and the PortSwigger cheat sheet, plus every combination of the tags
 * and event handlers browsers fire without user action. Every payload that executes calls `window.__xss(n)`,
 * so a browser test can tell that nothing ran; the server tests check the sanitised HTML keeps none of it.
 * Shared by the server's sanitiser tests and the end-to-end journey (which imports this file).
 */

const call = (n: number) => `__xss(${n})`

/** Hand-written vectors: entity and case tricks, broken markup, URL schemes, mutation XSS. */
function classicVectors(n: () => number): string[] {
  return [
    `<script>${call(n())}</script>`,
    `<SCRIPT SRC=data:text/javascript,${call(n())}></SCRIPT>`,
    `<scr<script>ipt>${call(n())}</scr</script>ipt>`,
    `<script/xss>${call(n())}</script>`,
    `<<script>${call(n())};//<</script>`,
    `<img src=x onerror=${call(n())}>`,
    `<img src=x onerror="${call(n())}">`,
    `<IMG SRC=x OnErRoR=${call(n())}>`,
    `<img src=x onerror=&#95;&#95;xss&#40;${n()}&#41;>`,
    `<img src="x" onerror="&#x5F;&#x5F;xss(${n()})">`,
    `<img src=x:alert(alt) onerror=eval(src) alt=${n()}>`,
    `<img """><script>${call(n())}</script>">`,
    `<img src=\`x\` onerror=${call(n())}>`,
    `<img/src=x/onerror=${call(n())}>`,
    `<svg onload=${call(n())}>`,
    `<svg><script>${call(n())}</script></svg>`,
    `<svg><animate onbegin=${call(n())} attributeName=x dur=1s>`,
    `<svg><a xlink:href="javascript:${call(n())}"><text x="20" y="20">x</text></a></svg>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=${call(n())}>`,
    `<noscript><p title="</noscript><img src=x onerror=${call(n())}>">`,
    `<iframe src="javascript:${call(n())}"></iframe>`,
    `<iframe srcdoc="<script>parent.${call(n())}</script>"></iframe>`,
    `<object data="javascript:${call(n())}"></object>`,
    `<embed src="javascript:${call(n())}">`,
    `<a href="javascript:${call(n())}">click</a>`,
    `<a href="JaVaScRiPt:${call(n())}">click</a>`,
    `<a href="jav&#x09;ascript:${call(n())}">click</a>`,
    `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${call(n())}">click</a>`,
    `<a href=" javascript:${call(n())}">click</a>`,
    `<a href="data:text/html,<script>${call(n())}</script>">click</a>`,
    `<a href="vbscript:${call(n())}">click</a>`,
    `<a href="https://example.com" onclick="${call(n())}">click</a>`,
    `<a href="https://example.com" onmouseover="${call(n())}">hover</a>`,
    `<form action="javascript:${call(n())}"><button>go</button></form>`,
    `<button formaction="javascript:${call(n())}">go</button>`,
    `<input autofocus onfocus=${call(n())}>`,
    `<select autofocus onfocus=${call(n())}>`,
    `<textarea autofocus onfocus=${call(n())}>`,
    `<keygen autofocus onfocus=${call(n())}>`,
    `<details open ontoggle=${call(n())}>`,
    `<body onload=${call(n())}>`,
    `<video><source onerror=${call(n())}></video>`,
    `<audio src=x onerror=${call(n())}>`,
    `<marquee onstart=${call(n())}>x</marquee>`,
    `<style>@keyframes x{}</style><p style="animation-name:x" onanimationstart=${call(n())}>x</p>`,
    `<div style="background:url(javascript:${call(n())})">x</div>`,
    `<div style="width:expression(${call(n())})">x</div>`,
    `<link rel=stylesheet href="javascript:${call(n())}">`,
    `<meta http-equiv="refresh" content="0;url=javascript:${call(n())}">`,
    `<base href="javascript:${call(n())}//">`,
    `<p onclick=${call(n())}>tap</p>`,
    `<code onmouseover=${call(n())}>ls</code>`,
    `<pre onfocus=${call(n())} tabindex=1 autofocus>x</pre>`,
    `<blockquote cite="javascript:${call(n())}">x</blockquote>`,
    `<h1 onpointerenter=${call(n())}>x</h1>`,
    `"><script>${call(n())}</script>`,
    `'><img src=x onerror=${call(n())}>`,
    `</p><img src=x onerror=${call(n())}><p>`,
    `<!--<img src="--><img src=x onerror=${call(n())}//">`,
    `<![CDATA[<img src=x onerror=${call(n())}>]]>`,
    `<xss onafterscriptexecute=${call(n())}><script>1</script>`,
    `<template><img src=x onerror=${call(n())}></template>`,
    `<isindex type=image src=1 onerror=${call(n())}>`,
    `<table background="javascript:${call(n())}">`,
    `<object type="text/x-scriptlet" data="javascript:${call(n())}"></object>`,
    `<img src=1 onerror=window['__x'+'ss'](${n()})>`,
    `<img src=1 onerror=top['__xss'](${n()})>`,
    `<img src=1 onerror=eval(atob('${btoaAscii(call(0))}'))>`,
  ]
}

function btoaAscii(text: string): string {
  return Buffer.from(text, 'ascii').toString('base64')
}

/** Tags that load something (so `onerror`/`onload` fire) or take focus, crossed with their handlers. */
const AUTO_TAGS = [
  'img src=x',
  'image src=x',
  'video src=x',
  'audio src=x',
  'iframe src=x',
  'object data=x',
  'embed src=x',
  'input type=image src=x',
  'script src=x',
  'source src=x',
  'track src=x',
  'svg',
  'body',
  'frameset',
  'style',
  'link rel=stylesheet href=x',
]
const AUTO_HANDLERS = ['onerror', 'onload', 'onloadstart', 'onbeforeload', 'onreadystatechange']

/** Elements that can hold focus, crossed with focus handlers and `autofocus`. */
const FOCUS_TAGS = [
  'input',
  'textarea',
  'select',
  'button',
  'a href=#',
  'div tabindex=0',
  'p contenteditable',
]
const FOCUS_HANDLERS = ['onfocus', 'onfocusin', 'onblur']

/** Quoting styles of an attribute value. */
const QUOTES: readonly ((value: string) => string)[] = [
  (value) => value,
  (value) => `"${value}"`,
  (value) => `'${value}'`,
]

/** Every payload, each calling `__xss(n)` with its own number. Several hundred in all. */
export function xssPayloads(): string[] {
  let counter = 0
  const n = () => ++counter
  const payloads = classicVectors(n)
  for (const tag of AUTO_TAGS) {
    for (const handler of AUTO_HANDLERS) {
      for (const quote of QUOTES) payloads.push(`<${tag} ${handler}=${quote(call(n()))}>`)
    }
  }
  for (const tag of FOCUS_TAGS) {
    for (const handler of FOCUS_HANDLERS) payloads.push(`<${tag} autofocus ${handler}=${call(n())}>x`)
  }
  return payloads
}
