/**
 * Hostile strings for the stored-XSS browser test. Every payload that could run script tries to
 * set `window.__xss` (the canary the test checks), some also open a dialog; every element a payload
 * injects carries the marker `xss` in its text, id or style so the test can tell it from Folio's own.
 */
export const CANARY = '__xss';

export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<script src="data:text/javascript,window.__xss=1"></script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<img src="/none.png" onload="window.__xss=1" onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"><circle r="1"/></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text y="20">xss-svg-link</text></a></svg>',
  '<input id="xss-input" autofocus onfocus="window.__xss=1">',
  '<details open ontoggle="window.__xss=1">xss-details</details>',
  '<body onload="window.__xss=1">',
  '<a href="javascript:window.__xss=1">xss-js-link</a>',
  '<a href=" JaVaScRiPt:window.__xss=1">xss-js-link-2</a>',
  '<a href="data:text/html,<script>opener.__xss=1</script>">xss-data-link</a>',
  '<iframe id="xss-frame" src="javascript:parent.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1">xss-object</object>',
  '<embed src="javascript:window.__xss=1">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<form action="javascript:window.__xss=1"><button formaction="javascript:window.__xss=1">xss-form</button></form>',
  '<style>/* xss */ body { display: none }</style>',
  '<p style="--xss: 1; position: fixed; inset: 0; z-index: 9999; background: red">xss-style</p>',
  '"><img src=x onerror=window.__xss=1>',
  "'><svg onload=window.__xss=1>",
  '</title><script>window.__xss=1</script>',
  '</textarea><script>window.__xss=1</script>',
  '</script><script>window.__xss=1</script>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1></style></mglyph></table></mtext></math>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '${window.__xss=1}',
  '[xss-md-link](javascript:window.__xss=1)',
  '[xss-md-link-2](JAVASCRIPT:window.__xss=1 "t")',
  '![xss-md-image](javascript:window.__xss=1)',
  '[xss-md-data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '<javascript:window.__xss=1>',
];

/** Mermaid diagrams with click callbacks and `javascript:` links (Markdown fields only). */
export const MERMAID_PAYLOADS: readonly string[] = [
  '```mermaid\ngraph TD\n  A[xss-node] --> B[xss-b]\n  click A "javascript:window.__xss=1" "xss"\n  click B href "javascript:window.__xss=1"\n```',
  '```mermaid\n%%{init: {"securityLevel": "loose"}}%%\ngraph TD\n  C[xss-c] --> D\n  click C call eval("window.__xss=1")\n  click D callback\n```',
  '```mermaid\ngraph TD\n  E["<img src=x onerror=window.__xss=1>"] --> F["<script>window.__xss=1</script>"]\n```',
];

/** URL-shaped owner fields (code-host profile, calendar image, cover): each should be refused or made inert. */
export const URL_PAYLOADS: readonly string[] = [
  'javascript:window.__xss=1',
  ' javascript:window.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  '/x"onerror="window.__xss=1',
  'https://example.com/"><script>window.__xss=1</script>',
];

/** All payloads in one text, for fields that hold many (about texts, article content, comments). */
export function allPayloads(extra: readonly string[] = []): string {
  return [...XSS_PAYLOADS, ...extra].join('\n\n');
}
