import sanitize from 'sanitize-html';
import type { Attributes, IFrame, IOptions, Tag } from 'sanitize-html';
import { ServerMessages as M } from '@folio/shared';
import { badRequest } from '../errors.js';

export interface CleanDiagramSvg {
  /** Well-formed standalone SVG (XML) markup, safe to serve as an image. */
  svg: string;
  /** Intrinsic size in CSS pixels, from the viewBox, rounded up to whole pixels. */
  width: number;
  height: number;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/** A diagram wider or taller than this is a mistake or an attack, not an article illustration. */
const MAX_SIDE_PX = 20_000;
/**
 * Mermaid nests a few dozen levels. Deeper markup is refused: the parser keeps its open elements
 * in an array it shifts at every tag, so 74,000 nested groups (506 KB) took it 7 seconds.
 */
export const MAX_SVG_DEPTH = 256;
/**
 * `<use>` clones what it points at, and clones of groups full of `<use>` multiply (the SVG form
 * of "billion laughs"). Mermaid draws a few at most; past this many, a `<use>` loses its link.
 */
const MAX_LINKED_USES = 16;
/**
 * Mermaid writes one style sheet per diagram. Dropping an unsafe one rewrites sanitize-html's
 * output so far, so thousands of them would cost seconds: past this many, the upload is refused.
 */
const MAX_DROPPED_STYLE_SHEETS = 8;

const words = (list: string): string[] => list.trim().split(/\s+/);

/**
 * What Mermaid 11 draws flowchart, sequence, class, state, ER, gantt, pie, mindmap, timeline,
 * gitGraph and journey diagrams with (rendered for real in server/test/fixtures/diagrams/).
 * Nothing here fetches or runs anything: no `a`, `image`, `feImage`, `script`, animation, `iframe`.
 */
const SVG_ELEMENTS = words(`
  svg g defs style title desc switch symbol use marker
  path rect circle ellipse line polyline polygon text tspan
  linearGradient radialGradient stop clipPath pattern filter feDropShadow foreignObject
`);

/**
 * The label markup a foreignObject may hold (the journey diagram's boxes are divs). An SVG name
 * in there, or one of these outside it, is an unknown element of the other namespace: inert.
 */
const XHTML_ELEMENTS = words('div span p br b strong i em code');
const ALLOWED_ELEMENTS = new Set([...SVG_ELEMENTS, ...XHTML_ELEMENTS]);

/**
 * Elements dropped together with their content: code, or what the HTML parser reads as raw text.
 * (`style` and `title` are allowed as spelt here: listed so that `<STYLE>` loses its text too.)
 */
const DROPPED_WITH_CONTENT = words(`
  script style title textarea xmp iframe noscript noembed noframes template object embed math
  animate animateMotion animateTransform animateColor set discard handler listener
`);
/** sanitize-html matches nonTextTags by exact name; this also catches `<SCRIPT>` and `<svg:script>`. */
const DROPPED_WITH_CONTENT_ANY_CASE = new Set(DROPPED_WITH_CONTENT.map((name) => name.toLowerCase()));
const localName = (tagName: string): string => tagName.toLowerCase().replace(/^[^:]*:/, '');

/**
 * Attributes of SVG elements: identity and accessibility, geometry, and the presentation
 * attributes Mermaid sets. `data-*` stays because Mermaid's own CSS selects on `data-look`.
 */
const SVG_ATTRIBUTES = words(`
  id class style role aria-* data-* xmlns xmlns:xlink xml:space href xlink:href
  viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry fx fy d points pathLength
  transform transform-origin
  markerWidth markerHeight markerUnits refX refY orient marker-start marker-mid marker-end
  dx dy rotate textLength lengthAdjust text-anchor dominant-baseline alignment-baseline baseline-shift
  font-family font-size font-style font-variant font-weight letter-spacing word-spacing text-decoration
  writing-mode direction
  fill fill-opacity fill-rule stroke stroke-width stroke-dasharray stroke-dashoffset stroke-linecap
  stroke-linejoin stroke-miterlimit stroke-opacity opacity color display visibility overflow
  clip-path clip-rule filter paint-order vector-effect shape-rendering text-rendering
  offset stop-color stop-opacity gradientUnits gradientTransform spreadMethod clipPathUnits
  patternUnits patternContentUnits patternTransform filterUnits primitiveUnits
  stdDeviation flood-color flood-opacity
`);
const XHTML_ATTRIBUTES = words('class style xmlns');

/** Attributes that are names or labels: never read as CSS, never fetched. */
const FREE_TEXT_ATTRIBUTE = /^(?:id|class|role|aria-[\w-]+|data-[\w-]+)$/;

/** CSS that could fetch something, run something, or hide one of those behind an escape. */
const UNSAFE_CSS = [
  /@import/i,
  /expression\s*\(/i,
  /javascript:/i,
  /-moz-binding|behavior\s*:/i,
  // Functions that take an image address without url().
  /\b(?:image-set|image|cross-fade|element|src)\s*\(/i,
  // An escape can spell any of the above (`u\72 l(`), so there are none.
  /\\/,
  /</,
];
const FRAGMENT_URL = /url\(\s*(["']?)#[^\s"'()\\<>]+\1\s*\)/gi;
const SAME_DOCUMENT_FRAGMENT = /^#[^\s"'()\\<>]+$/;

/** Characters XML 1.0 forbids (controls, lone surrogates, U+FFFE, U+FFFF): the image would not parse. */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const SVG_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** The root's style may not size it: its width and height attributes are the image's size. */
const ROOT_SIZE_DECLARATION = /^\s*(?:max-|min-)?(?:width|height)\s*:/i;

function stripNonXmlCharacters(text: string): string {
  return text.replace(NOT_XML_CHARACTER, '');
}

function isSafeCss(css: string): boolean {
  if (UNSAFE_CSS.some((pattern) => pattern.test(css))) return false;
  return !/url\s*\(/i.test(css.replace(FRAGMENT_URL, ''));
}

/**
 * A `<style>` element's text as the HTML parser hands it over: raw, entities not decoded.
 * Browsers serialise SVG style text escaped (Mermaid's sequence diagram has `.actor&gt;tspan`),
 * so `&gt;` is the one reference allowed; any other `&` (`&#92;` is a backslash, `&nbsp;` is not
 * XML) or a `<` drops the sheet. What passes is valid XML text and is written out unchanged.
 */
function isSafeStyleSheet(rawText: string): boolean {
  if (rawText.includes(']]>')) return false;
  const css = rawText.replaceAll('&gt;', '>');
  return !css.includes('&') && isSafeCss(css);
}

interface ViewBox {
  values: number[];
  width: number;
  height: number;
}

function parseViewBox(value: string | undefined): ViewBox | null {
  const tokens = (value ?? '').trim().split(/[\s,]+/);
  if (tokens.length !== 4 || !tokens.every((token) => SVG_NUMBER.test(token))) return null;
  const values = tokens.map(Number);
  const [minX = NaN, minY = NaN, width = NaN, height = NaN] = values;
  const usable = [minX, minY, width, height].every(Number.isFinite) && width > 0 && height > 0;
  return usable && width <= MAX_SIDE_PX && height <= MAX_SIDE_PX ? { values, width, height } : null;
}

/** The root's style without sizing; '' when nothing else was in it. */
function rootStyleWithoutSize(style: string): string {
  const kept = style
    .split(';')
    .filter((declaration) => !ROOT_SIZE_DECLARATION.test(declaration))
    .join(';')
    .trim();
  return /^[\s;]*$/.test(kept) ? '' : kept;
}

/** Drops values that could fetch or run something; sanitize-html then applies the allow-list of names. */
function cleanAttributes(attribs: Attributes, namespace: string): Attributes {
  const cleaned: Attributes = {};
  for (const [name, rawValue] of Object.entries(attribs)) {
    const value = stripNonXmlCharacters(rawValue);
    if (/^on/i.test(name)) continue;
    if (name === 'href' || name === 'xlink:href') {
      if (SAME_DOCUMENT_FRAGMENT.test(value)) cleaned[name] = value;
    } else if (name === 'xmlns') {
      // Only SVG or XHTML: any other namespace could make an element something unforeseen.
      if (value === namespace) cleaned[name] = value;
    } else if (name === 'xmlns:xlink') {
      if (value === XLINK_NAMESPACE) cleaned[name] = value;
    } else if (FREE_TEXT_ATTRIBUTE.test(name) || isSafeCss(value)) {
      // Presentation attributes (fill, marker-end, ...) are CSS values: they get the style checks.
      cleaned[name] = value;
    }
  }
  return cleaned;
}

/** Thrown inside the parse to stop it; cleanDiagramSvg turns it into the API error. */
class NotOneSvgElement extends Error {}

/** Thrown by the first element deeper than {@link MAX_SVG_DEPTH}, which stops the parse there. */
class TooDeeplyNested extends Error {}

interface OpenElement {
  /** The nearest element, this one or an ancestor, that sanitize-html writes out. */
  keptName: string | undefined;
  isRoot: boolean;
  /** Whether anything but whitespace was inside: an unclosed root with content is a truncated upload. */
  hasContent: boolean;
}

/**
 * One run of the cleaner. sanitize-html drops what is on neither allow-list and escapes the rest;
 * this follows the parser's open and close events to check the root, clean attribute values and
 * drop unsafe style sheets. (Dropping by renaming in `transformTags` is not an option: sanitize-html
 * then writes the new name as the closing tag of the next element at that depth.)
 */
class DiagramCleaning {
  private readonly openElements: OpenElement[] = [];
  private rootSeen = false;
  private linkedUses = 0;
  private droppedStyleSheets = 0;
  viewBox: ViewBox | null = null;

  readonly options: IOptions = {
    allowedTags: [...ALLOWED_ELEMENTS],
    allowedAttributes: {
      ...Object.fromEntries(SVG_ELEMENTS.map((tag) => [tag, SVG_ATTRIBUTES])),
      ...Object.fromEntries(XHTML_ELEMENTS.map((tag) => [tag, XHTML_ATTRIBUTES])),
    },
    // Only `#fragment` links survive cleanAttributes; no scheme is allowed should one slip through.
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    // <style> is allowed on purpose: dropOnClose removes every sheet that fails isSafeStyleSheet.
    allowVulnerableTags: true,
    parseStyleAttributes: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    // Only <br> is written as `<br />`; empty SVG elements come out as `<path ...></path>`, also XML.
    selfClosing: ['br'],
    // sanitize-html writes an empty attribute as a bare name, which XML does not allow: drop them
    // all (its allowedEmptyAttributes default, 'alt', is on neither allow-list).
    nonBooleanAttributes: ['*'],
    enforceHtmlBoundary: false,
    // The admin uploads what the browser serialised as HTML (`&nbsp;`, `<br>`), so entities are
    // decoded as HTML does; tag and attribute names keep their case (foreignObject, viewBox, refX)
    // and `/>` closes any element, as in XML.
    parser: {
      xmlMode: false,
      decodeEntities: true,
      lowerCaseTags: false,
      lowerCaseAttributeNames: false,
      recognizeSelfClosing: true,
      recognizeCDATA: true,
    },
    onOpenTag: (name, attribs) => this.open(name, attribs),
    onCloseTag: (_name, isImplied) => this.close(isImplied),
    transformTags: { '*': (name, attribs) => this.transform(name, attribs) },
    textFilter: (text, tagName) => this.filterText(text, tagName),
    exclusiveFilter: (frame) => this.dropOnClose(frame),
  };

  private open(name: string, attribs: Attributes): void {
    // Counted from the parser's own events, so this is the depth the parser holds (void, implied
    // and self-closed elements included), and the parse stops before the cost of depth grows.
    if (this.openElements.length >= MAX_SVG_DEPTH) throw new TooDeeplyNested();
    const parent = this.openElements.at(-1);
    if (parent) {
      parent.hasContent = true;
    } else {
      if (this.rootSeen || name !== 'svg') throw new NotOneSvgElement();
      this.rootSeen = true;
      this.viewBox = parseViewBox(attribs.viewBox);
      if (!this.viewBox) throw new NotOneSvgElement();
    }
    const kept = ALLOWED_ELEMENTS.has(name);
    this.openElements.push({ keptName: kept ? name : parent?.keptName, isRoot: !parent, hasContent: false });
  }

  private close(isImplied: boolean): void {
    const element = this.openElements.pop();
    // A self-closed `<svg/>` reports an implied close too, hence the check for content.
    if (element?.isRoot && isImplied && element.hasContent) throw new NotOneSvgElement();
  }

  /** Called for every element sanitize-html keeps, before it writes the tag. */
  private transform(name: string, attribs: Attributes): Tag {
    const parent = this.openElements.at(-2);
    if (!parent) return { tagName: name, attribs: this.rootAttributes(attribs) };
    if (!XHTML_ELEMENTS.includes(name)) {
      const cleaned = cleanAttributes(attribs, SVG_NAMESPACE);
      if (name === 'use' && (cleaned.href || cleaned['xlink:href']) && ++this.linkedUses > MAX_LINKED_USES) {
        delete cleaned.href;
        delete cleaned['xlink:href'];
      }
      return { tagName: name, attribs: cleaned };
    }
    const cleaned = cleanAttributes(attribs, XHTML_NAMESPACE);
    // Mermaid declares XHTML on a foreignObject's first element; without it the label is an
    // unknown SVG element and shows nothing.
    return { tagName: name, attribs: parent.keptName === 'foreignObject' ? { xmlns: XHTML_NAMESPACE, ...cleaned } : cleaned };
  }

  /** Declares the namespaces, and sizes the image by its viewBox instead of Mermaid's `width="100%"`. */
  private rootAttributes(attribs: Attributes): Attributes {
    const viewBox = this.viewBox;
    if (!viewBox) throw new NotOneSvgElement();
    const cleaned = cleanAttributes(attribs, SVG_NAMESPACE);
    const { xmlns: _xmlns, 'xmlns:xlink': _xlink, viewBox: _viewBox, width: _width, height: _height, style, ...rest } = cleaned;
    const rootStyle = rootStyleWithoutSize(style ?? '');
    return {
      xmlns: SVG_NAMESPACE,
      // On every image, so that any xlink:href kept below is namespace-well-formed.
      'xmlns:xlink': XLINK_NAMESPACE,
      ...rest,
      ...(rootStyle ? { style: rootStyle } : {}),
      viewBox: viewBox.values.map(String).join(' '),
      width: String(Math.ceil(viewBox.width)),
      height: String(Math.ceil(viewBox.height)),
    };
  }

  /** Called for each kept element as it closes: true drops it with its content. */
  private dropOnClose(frame: IFrame): boolean {
    if (frame.tag !== 'style' || isSafeStyleSheet(frame.text)) return false;
    if (++this.droppedStyleSheets > MAX_DROPPED_STYLE_SHEETS) throw new NotOneSvgElement();
    return true;
  }

  /**
   * Text arrives escaped by sanitize-html, with the name of the element it is directly in (a
   * dropped one included). Only whitespace may stand outside the root.
   */
  private filterText(text: string, tagName: string | undefined): string {
    const clean = stripNonXmlCharacters(text);
    const parent = this.openElements.at(-1);
    if (!parent) {
      if (clean.trim()) throw new NotOneSvgElement();
      return '';
    }
    if (tagName && !ALLOWED_ELEMENTS.has(tagName) && DROPPED_WITH_CONTENT_ANY_CASE.has(localName(tagName))) return '';
    if (clean.trim()) parent.hasContent = true;
    return clean;
  }
}

/**
 * Cleans one Mermaid diagram uploaded by the admin for use as `<img src="/diagrams/….svg">`.
 * The upload may be hostile (a stolen owner account, a crafted import): everything outside a
 * fixed SVG allow-list goes, and the result is well-formed XML sized by its viewBox.
 *
 * Throws badRequest(ServerMessages.diagramSvgInvalid) when the markup is not one <svg> root
 * with a usable viewBox, and badRequest(ServerMessages.diagramSvgTooDeep) when it nests deeper
 * than {@link MAX_SVG_DEPTH}. It takes up to a few hundred milliseconds on the largest uploads:
 * the server runs it in a worker thread (see DiagramSvgCleaner).
 */
export function cleanDiagramSvg(markup: string): CleanDiagramSvg {
  // No DTDs at all: entity declarations are how XML parsers are made to read local files or
  // expand billions of copies, and nothing Mermaid emits needs one.
  if (/<!(?:doctype|entity)/i.test(markup)) throw badRequest(M.diagramSvgInvalid);
  const cleaning = new DiagramCleaning();
  let svg: string;
  try {
    // Stripped before parsing, so that removing a control character cannot turn `u\u0001rl(` into `url(`.
    svg = sanitize(stripNonXmlCharacters(markup), cleaning.options);
  } catch (error) {
    if (error instanceof TooDeeplyNested) throw badRequest(M.diagramSvgTooDeep(MAX_SVG_DEPTH));
    // NotOneSvgElement, or sanitize-html failing on something no browser would send: either way
    // the input is at fault, and the caller must answer 400, never 500.
    throw badRequest(M.diagramSvgInvalid);
  }
  const viewBox = cleaning.viewBox;
  if (!viewBox || !svg.startsWith('<svg ')) throw badRequest(M.diagramSvgInvalid);
  return { svg, width: Math.ceil(viewBox.width), height: Math.ceil(viewBox.height) };
}
