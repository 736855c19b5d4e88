import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { ServerMessages as M } from '@folio/shared';
import { AppError } from '../../src/errors.js';
import { cleanDiagramSvg } from '../../src/services/diagram-svg.js';

/** What the cleaner's tests share: Mermaid fixtures, markup builders and readers of the result. */

/**
 * Real Mermaid 11 output (every diagram kind, light and dark theme), drawn in Chromium with the
 * admin's settings by ../fixtures/diagrams/render-diagram-fixtures.ts, which can redraw them.
 */
const FIXTURE_DIR = new URL('../fixtures/diagrams/', import.meta.url);
export const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.svg'))
  .sort();
export const readFixture = (name: string): string => readFileSync(new URL(name, FIXTURE_DIR), 'utf8');

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** A fixed seed, printed by fast-check on failure, so a failing run can be replayed exactly. */
export const SEED = 20261126;

export const svgAround = (inner: string, rootAttributes = ''): string =>
  `<svg xmlns="${SVG_NAMESPACE}" viewBox="0 0 100 50"${rootAttributes}>${inner}</svg>`;

/** The cleaned markup of `inner` drawn inside a valid root. */
export const cleanInside = (inner: string, rootAttributes = ''): string => cleanDiagramSvg(svgAround(inner, rootAttributes)).svg;

export function refusalOf(markup: string): unknown {
  try {
    cleanDiagramSvg(markup);
  } catch (error) {
    return error;
  }
  return null;
}

export function expectRefused(markup: string): void {
  const error = refusalOf(markup);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 400, slug: 'bad_request', message: M.diagramSvgInvalid });
}

/** What a drawing is made of, read by an XML parser: the cleaned image must keep all of it. */
export interface DrawingSummary {
  rootAttributes: Record<string, string>;
  elements: Record<string, number>;
  /** Non-empty attributes below the root, by name. */
  attributes: Record<string, number>;
  texts: string[];
  styleSheets: string[];
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
});

export function summarize(svg: string): DrawingSummary {
  const summary: DrawingSummary = { rootAttributes: {}, elements: {}, attributes: {}, texts: [], styleSheets: [] };
  const visit = (nodes: unknown, parentName: string | null): void => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Record<string, unknown>[]) {
      const attributes = (node[':@'] ?? {}) as Record<string, string>;
      for (const [key, value] of Object.entries(node)) {
        if (key === ':@') continue;
        if (key === '#text') {
          if (parentName === 'style') summary.styleSheets.push(String(value));
          else if (String(value).trim()) summary.texts.push(String(value));
          continue;
        }
        summary.elements[key] = (summary.elements[key] ?? 0) + 1;
        if (parentName === null) summary.rootAttributes = attributes;
        else {
          for (const [name, attributeValue] of Object.entries(attributes)) {
            if (attributeValue !== '') summary.attributes[name] = (summary.attributes[name] ?? 0) + 1;
          }
        }
        visit(value, key);
      }
    }
  };
  visit(xmlParser.parse(svg), null);
  return summary;
}

export function viewBoxSize(markup: string): { width: number; height: number } {
  const [, , width = NaN, height = NaN] = (/viewBox="([^"]+)"/.exec(markup)?.[1] ?? '').split(/[\s,]+/).map(Number);
  return { width, height };
}
